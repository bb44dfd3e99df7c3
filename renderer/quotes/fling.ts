// Whether the quote list is being flung: every frame brings a whole view of rows none of which
// was on screen the frame before. Then its rows draw their reference, client and initial total
// only, and every column comes back as soon as the scroll slows or stops. At that speed nobody
// reads a row, and a full row costs ten cells' layout and paint: a whole view of them in each
// frame made a fast scroll miss refreshes on a two-core laptop.

export class FlingMeter {
  private last = 0;
  private jumps = 0;

  /**
   * Called as the grid renders, with the first row in view, how many rows are in view and
   * whether a scroll is under way. One jump (End, a search) is not a fling: the rows it lands
   * on are drawn whole at once. Renders that do not move the view (a page of rows arriving)
   * keep the answer, so calling it twice for one render changes nothing.
   */
  step(first: number, inView: number, scrolling: boolean): boolean {
    if (!scrolling) this.jumps = 0;
    else if (first !== this.last)
      this.jumps = Math.abs(first - this.last) >= Math.max(inView, 1) ? this.jumps + 1 : 0;
    this.last = first;
    return this.jumps >= 2;
  }
}
