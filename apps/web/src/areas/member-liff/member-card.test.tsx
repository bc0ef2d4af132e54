import type { LiffAppInfo, LiffMember, MemberSettings } from '@app/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiffSessionProvider } from '../../components/liff-shell/liff-shell.tsx';
import { MemberCard } from './member-card.tsx';
import { memberLiffTexts } from './member-liff-texts.ts';

const session = {
  info: {
    storeId: 5,
    branding: { displayName: 'デモ商店 梅田店', title: '梅田店 管理画面', mainColor: '#06c755' },
  } as LiffAppInfo,
  idToken: 'id-token',
  profile: { userId: 'U1', displayName: '七海 さくら', pictureUrl: null },
  isFriend: true,
};
const settings: MemberSettings = {
  storeId: 5,
  isShowMemberCard: true,
  requireRegistration: true,
  memberCodeShowMode: 'TEXT',
};

describe('MemberCard', () => {
  it('names the shop by its LINE display name, never by the back office branding title', () => {
    render(
      <LiffSessionProvider session={session} texts={memberLiffTexts.ja}>
        <MemberCard member={{ memberCode: 'M-0001' } as LiffMember} settings={settings} onEdit={() => {}} />
      </LiffSessionProvider>,
    );
    expect(screen.getByTestId('member-card').textContent).toContain('デモ商店 梅田店');
    expect(screen.queryByText('梅田店 管理画面')).toBeNull();
  });
});
