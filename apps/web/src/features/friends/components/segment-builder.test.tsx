import type { MemberAttribute } from '@app/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListParams } from '../../../lib/use-list-params.ts';
import { renderableApp } from '../../../testing/test-providers.tsx';
import { friendSearchBodyOf } from './friend-table.tsx';
import { SegmentBuilder } from './segment-builder.tsx';

const paramsOf = (values: Record<string, string>, setFilters = vi.fn()): ListParams => ({
  page: 1,
  limit: 20,
  get: (name) => values[name] ?? '',
  setPage: () => undefined,
  setLimit: () => undefined,
  setFilters,
});

const attribute = (over: Partial<MemberAttribute>): MemberAttribute => ({
  id: 1,
  storeId: 1,
  visibility: 'PUBLIC',
  label: 'お名前',
  type: 'STRING',
  isRequired: false,
  displayOrder: 0,
  internalName: null,
  isDeletable: true,
  valueCount: 0,
  choices: [],
  ...over,
});
const attributes = [
  attribute({ id: 1, label: 'Name', type: 'STRING' }),
  attribute({ id: 2, label: 'Visits', type: 'NUMBER', displayOrder: 1 }),
];

describe('the segment builder', { timeout: 30_000 }, () => {
  it('turns the address segment into the friend search body, its flags over the audience', () => {
    const segment = {
      condition: 'OR',
      memberCode: ['0000000000', '4999999999'],
      memberAttributes: [
        { attributeId: 1, value: '佐藤' },
        { attributeId: 2, min: 3 },
      ],
      flags: { isMemberServiceUser: true, isShiftServiceUser: false, includeNonMembers: false },
    };
    expect(friendSearchBodyOf(paramsOf({ audience: 'all', segment: JSON.stringify(segment) }))).toEqual({
      page: 1,
      limit: 20,
      condition: 'OR',
      memberCode: ['0000000000', '4999999999'],
      memberAttributes: segment.memberAttributes,
      isMemberServiceUser: true,
      isShiftServiceUser: false,
      includeNonMembers: false,
    });
    // An unreadable segment is no segment.
    expect(friendSearchBodyOf(paramsOf({ segment: '{oops' })).memberAttributes).toBeUndefined();
  });

  it('builds OR over a text and a number condition with a member code range and members only', () => {
    const setFilters = vi.fn();
    const { ui } = renderableApp({
      routes: [
        {
          path: '/',
          element: (
            <SegmentBuilder
              params={paramsOf({}, setFilters)}
              attributes={attributes}
              audienceFlags={{ isMemberServiceUser: true, isShiftServiceUser: true, includeNonMembers: true }}
            />
          ),
        },
      ],
      initialPath: '/',
    });
    render(ui);
    fireEvent.click(screen.getByTestId('segment-open'));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Shift staff'));
    fireEvent.click(within(dialog).getByLabelText('Other friends'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Any condition (OR)' }));
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '1000000000' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '5999999999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    fireEvent.change(within(screen.getByTestId('segment-condition-0')).getByLabelText('Contains'), {
      target: { value: '花子' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    // The second row: pick "Visits" (NUMBER), then a minimum.
    const row = screen.getByTestId('segment-condition-1');
    fireEvent.mouseDown(within(row).getByRole('combobox'));
    fireEvent.click(screen.getByRole('option', { name: 'Visits' }));
    fireEvent.change(within(screen.getByTestId('segment-condition-1')).getByLabelText('Min'), {
      target: { value: '4' },
    });
    fireEvent.click(screen.getByTestId('segment-apply'));

    expect(setFilters).toHaveBeenCalledTimes(1);
    const filters = setFilters.mock.calls[0]![0] as { segment: string; audience: string };
    expect(filters.audience).toBe('');
    expect(JSON.parse(filters.segment)).toEqual({
      condition: 'OR',
      memberCode: ['1000000000', '5999999999'],
      memberAttributes: [
        { attributeId: 1, value: '花子' },
        { attributeId: 2, min: 4 },
      ],
      flags: { isMemberServiceUser: true, isShiftServiceUser: false, includeNonMembers: false },
    });
  });

  it('offers the member card, inflow route and scenario conditions and keeps them in the search body', () => {
    const setFilters = vi.fn();
    const { ui } = renderableApp({
      routes: [
        {
          path: '/',
          element: (
            <SegmentBuilder
              params={paramsOf({}, setFilters)}
              attributes={[]}
              audienceFlags={{ isMemberServiceUser: true, isShiftServiceUser: true, includeNonMembers: true }}
              options={{
                ranks: ['ブロンズ', 'シルバー', 'ゴールド'],
                coupons: [{ id: 7, name: 'ドリンク100円引き' }],
                routes: [
                  { id: 3, name: '店頭POP' },
                  { id: 4, name: 'Instagram' },
                ],
                scenarios: [{ id: 9, name: 'ウェルカム' }],
              }}
            />
          ),
        },
      ],
      initialPath: '/',
    });
    render(ui);
    fireEvent.click(screen.getByTestId('segment-open'));
    const dialog = screen.getByRole('dialog');
    const pick = (testId: string, option: string) => {
      fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
      fireEvent.click(screen.getByRole('option', { name: option }));
    };
    pick('segment-memberRanks', 'ゴールド');
    pick('segment-holdsCoupons', 'ドリンク100円引き');
    pick('segment-inflowRoutes', '店頭POP');
    pick('segment-finishedScenarios', 'ウェルカム');
    const points = screen.getByTestId('segment-pointsBalance');
    fireEvent.change(within(points).getByLabelText('Min'), { target: { value: '500' } });
    fireEvent.change(within(points).getByLabelText('Max'), { target: { value: '100' } });
    // min above max: said at once, and the search is not run
    expect(within(points).getByRole('alert').textContent).toBe('The minimum is greater than the maximum');
    expect(screen.getByTestId<HTMLButtonElement>('segment-apply').disabled).toBe(true);
    fireEvent.change(within(points).getByLabelText('Max'), { target: { value: '' } });
    fireEvent.change(within(screen.getByTestId('segment-visitCount')).getByLabelText('Max'), {
      target: { value: '3' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Any condition (OR)' }));
    fireEvent.click(screen.getByTestId('segment-apply'));

    expect(setFilters).toHaveBeenCalledTimes(1);
    const filters = setFilters.mock.calls[0]![0] as { segment: string };
    const segment = JSON.parse(filters.segment) as Record<string, unknown>;
    expect(segment).toEqual({
      condition: 'OR',
      memberAttributes: [],
      memberRanks: ['ゴールド'],
      pointsBalance: { min: 500 },
      visitCount: { max: 3 },
      holdsCoupons: [7],
      inflowRoutes: [3],
      finishedScenarios: [9],
    });
    // the address's segment becomes the friend search's fields
    expect(friendSearchBodyOf(paramsOf({ segment: filters.segment }))).toMatchObject({
      condition: 'OR',
      memberRanks: ['ゴールド'],
      pointsBalance: { min: 500 },
      visitCount: { max: 3 },
      holdsCoupons: [7],
      inflowRoutes: [3],
      finishedScenarios: [9],
    });
  });

  it('offers the click conditions (クリックしたURL / 配信) and keeps them in the search body', () => {
    const setFilters = vi.fn();
    const { ui } = renderableApp({
      routes: [
        {
          path: '/',
          element: (
            <SegmentBuilder
              params={paramsOf({}, setFilters)}
              attributes={[]}
              audienceFlags={{ isMemberServiceUser: true, isShiftServiceUser: true, includeNonMembers: true }}
              options={{
                ranks: [],
                coupons: [],
                routes: [],
                scenarios: [],
                deliveries: [
                  { id: 21, name: '冬のセール' },
                  { id: 22, name: '新メニュー' },
                ],
              }}
            />
          ),
        },
      ],
      initialPath: '/',
    });
    render(ui);
    fireEvent.click(screen.getByTestId('segment-open'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Clicked URL / delivery')).toBeTruthy();
    fireEvent.mouseDown(within(screen.getByTestId('segment-clickedDeliveries')).getByRole('combobox'));
    fireEvent.click(screen.getByRole('option', { name: '新メニュー' }));
    const days = within(screen.getByTestId('segment-clickedWithinDays')).getByLabelText(
      'Clicked any link in the last N days',
    );
    // 0 days is outside 1-365: the search would refuse it, so the builder does not run it
    fireEvent.change(days, { target: { value: '0' } });
    expect(screen.getByTestId<HTMLButtonElement>('segment-apply').disabled).toBe(true);
    fireEvent.change(days, { target: { value: '30' } });
    expect(screen.getByTestId<HTMLButtonElement>('segment-apply').disabled).toBe(false);
    fireEvent.click(screen.getByTestId('segment-apply'));

    expect(setFilters).toHaveBeenCalledTimes(1);
    const filters = setFilters.mock.calls[0]![0] as { segment: string };
    expect(JSON.parse(filters.segment)).toEqual({
      condition: 'AND',
      memberAttributes: [],
      clickedDeliveries: [22],
      clickedWithinDays: 30,
    });
    expect(friendSearchBodyOf(paramsOf({ segment: filters.segment }))).toMatchObject({
      clickedDeliveries: [22],
      clickedWithinDays: 30,
    });
    // a window outside 1-365 in the address is dropped, not sent
    const odd = JSON.stringify({ condition: 'AND', memberAttributes: [], clickedWithinDays: 400 });
    expect(friendSearchBodyOf(paramsOf({ segment: odd })).clickedWithinDays).toBeUndefined();
  });

  it('picks rich menu areas tapped within N days (タップした), each area one condition', () => {
    const setFilters = vi.fn();
    const { ui } = renderableApp({
      routes: [
        {
          path: '/',
          element: (
            <SegmentBuilder
              params={paramsOf({}, setFilters)}
              attributes={[]}
              audienceFlags={{ isMemberServiceUser: true, isShiftServiceUser: true, includeNonMembers: true }}
              options={{
                ranks: [],
                coupons: [],
                routes: [],
                scenarios: [],
                menuAreas: [
                  { id: 501, name: '基本メニュー / area 2: メニュー' },
                  { id: 503, name: '基本メニュー / area 4: クーポン' },
                ],
              }}
            />
          ),
        },
      ],
      initialPath: '/',
    });
    render(ui);
    fireEvent.click(screen.getByTestId('segment-open'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Tapped rich menu')).toBeTruthy();
    fireEvent.mouseDown(within(screen.getByTestId('segment-tappedAreas')).getByRole('combobox'));
    fireEvent.click(screen.getByRole('option', { name: '基本メニュー / area 4: クーポン' }));
    const days = within(screen.getByTestId('segment-tappedWithinDays')).getByLabelText(
      'Tapped in the last N days',
    );
    fireEvent.change(days, { target: { value: '400' } });
    expect(screen.getByTestId<HTMLButtonElement>('segment-apply').disabled).toBe(true);
    fireEvent.change(days, { target: { value: '14' } });
    expect(screen.getByTestId<HTMLButtonElement>('segment-apply').disabled).toBe(false);
    fireEvent.click(screen.getByTestId('segment-apply'));

    expect(setFilters).toHaveBeenCalledTimes(1);
    const filters = setFilters.mock.calls[0]![0] as { segment: string };
    expect(JSON.parse(filters.segment)).toEqual({
      condition: 'AND',
      memberAttributes: [],
      tappedAreas: [{ richMenuId: 5, areaIndex: 3, withinDays: 14 }],
    });
    expect(friendSearchBodyOf(paramsOf({ segment: filters.segment }))).toMatchObject({
      tappedAreas: [{ richMenuId: 5, areaIndex: 3, withinDays: 14 }],
    });
    // a window outside 1-365 in the address is dropped, not sent
    const odd = JSON.stringify({
      condition: 'AND',
      memberAttributes: [],
      tappedAreas: [{ richMenuId: 5, areaIndex: 3, withinDays: 400 }],
    });
    expect(friendSearchBodyOf(paramsOf({ segment: odd })).tappedAreas).toBeUndefined();
  });
});
