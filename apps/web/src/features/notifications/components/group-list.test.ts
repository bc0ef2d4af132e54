import { describe, expect, it } from 'vitest';
import { inKanaOrder } from './group-list.tsx';

describe('the recipient picker order', () => {
  it('is the Japanese syllabary, hiragana and katakana together (not code points)', () => {
    const names = ['わたなべ', 'カトウ 店長', 'あおき', 'いとう', 'Ｂ さん', 'おおた'];
    expect(inKanaOrder(names.map((displayName) => ({ displayName }))).map((r) => r.displayName)).toEqual([
      'Ｂ さん',
      'あおき',
      'いとう',
      'おおた',
      'カトウ 店長',
      'わたなべ',
    ]);
  });
});
