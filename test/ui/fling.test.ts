// When the quote list counts as flung (its rows drawn light): only after two steps in a row
// that each bring a whole new view, for as long as the scroll goes on at that speed.
import { describe, expect, it } from 'vitest';
import { FlingMeter } from '../../renderer/quotes/fling';

describe('the list fling meter', () => {
  it('a single jump is not a fling; a second whole-view step in a row is', () => {
    const m = new FlingMeter();
    expect(m.step(0, 15, false)).toBe(false);
    expect(m.step(14, 15, true)).toBe(false); // a step shy of a whole view
    expect(m.step(40, 15, true)).toBe(false); // one jump
    expect(m.step(60, 15, true)).toBe(true); // and another
    expect(m.step(60, 15, true)).toBe(true); // a page of rows arriving: the view did not move
    expect(m.step(63, 15, true)).toBe(false); // slowed down: whole rows at once
  });

  it('a stopped scroll draws whole rows, and the next fling starts afresh', () => {
    const m = new FlingMeter();
    m.step(20, 15, true);
    expect(m.step(40, 15, true)).toBe(true);
    expect(m.step(40, 15, false)).toBe(false);
    expect(m.step(60, 15, true)).toBe(false);
  });
});
