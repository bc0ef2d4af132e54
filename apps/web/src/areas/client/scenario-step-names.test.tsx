import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderableApp } from '../../testing/test-providers.tsx';
import { LineChatPreview } from '../../features/deliveries/components/line-chat-preview.tsx';
import { MessageListEditor } from '../../features/deliveries/components/message-list-editor.tsx';
import { ScenarioEditor } from '../../features/automation/components/scenario-editor.tsx';

/** The step editor as the automation page composes it: the friend's name offered, a preview beside. */
function Page() {
  return (
    <ScenarioEditor
      lineAccountId={7}
      scenario={null}
      tags={[]}
      segments={[]}
      scenarios={[]}
      canEdit
      editor={(props) => (
        <>
          <MessageListEditor {...props} lineAccountId={7} nameInsert />
          {props.value.length > 0 && <LineChatPreview accountName="京都茶房" messages={props.value} />}
        </>
      )}
      onDone={() => undefined}
    />
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("a scenario step with the friend's name", { timeout: 20_000 }, () => {
  it('offers the name, says the step then goes one push per friend at the same quota, and previews a sample name', () => {
    const { ui } = renderableApp({ routes: [{ path: '/', element: <Page /> }], initialPath: '/' });
    render(ui);
    fireEvent.click(screen.getByRole('button', { name: 'Add a step' }));
    const textArea = screen.getByTestId<HTMLTextAreaElement>('step-0-message-text-0');
    fireEvent.change(textArea, { target: { value: '、ご来店ありがとうございます' } });
    expect(screen.queryByTestId('step-0-personal-note')).toBeNull();
    textArea.setSelectionRange(0, 0);
    fireEvent.click(screen.getByTestId('step-0-insert-name-0'));
    expect(textArea.value).toBe('{name}、ご来店ありがとうございます');
    expect(screen.getByTestId('step-0-personal-note').textContent).toBe(
      "A step with the friend's name goes to each friend by their own push message. It uses the same number of messages.",
    );
    expect(screen.getByText('Hanako Yamada、ご来店ありがとうございます')).toBeTruthy();
  });
});
