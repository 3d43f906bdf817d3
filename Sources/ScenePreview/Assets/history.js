// Undo and redo over every change the page makes (docs/preview.md, "Undo"). The history knows
// nothing of overrides or files: an entry brings its own undo() and redo(), which resolve to
// true when done and false when refused (an undo of a write over a file changed on disk), in
// which case the entry stays where it was so the user can try again after dealing with it.

/** How many entries are kept: far more than a session needs, few enough to stay small. */
const LIMIT = 500;

export class History {
  /** `onChange()` is called whenever what can be undone or redone changes (the buttons). */
  constructor(onChange = () => {}) {
    this.done = [];
    this.undone = [];
    this.busy = false;
    this.onChange = onChange;
    /** The gesture the last entry belongs to, until endGesture(); null when closed. */
    this.openGesture = null;
    /** The redo list a gesture's first change cleared, given back if the gesture comes to nothing. */
    this.undoneBeforeGesture = null;
    /** What waits for an undo or redo under way (it may await the server) to finish. */
    this.waiting = [];
  }

  /** Adds `entry` = { label, undo(), redo(), gesture?, absorb?(next), empty?() }. An entry of
   *  the gesture still open is merged into the last one (a slider dragged is one undo, not a
   *  hundred); a gesture that ends where it began (a drag cancelled with Esc) leaves no entry.
   *  While an undo or redo is under way the entry waits for it, so it lands after the step. */
  record(entry) {
    if (this.busy) { this.whenIdle(() => this.record(entry)); return; }
    const last = this.done.at(-1);
    if (entry.gesture && entry.gesture === this.openGesture && last?.gesture === entry.gesture && last.absorb) {
      last.absorb(entry);
      if (last.empty?.()) {
        this.done.pop();
        this.undone = this.undoneBeforeGesture ?? [];
      }
    } else {
      this.done.push(entry);
      if (this.done.length > LIMIT) this.done.shift();
      this.undoneBeforeGesture = this.undone;
      this.undone = [];
    }
    this.openGesture = entry.gesture ?? null;
    this.onChange();
  }

  /** Runs `task` now, or once the undo or redo under way has finished. */
  whenIdle(task) {
    if (this.busy) this.waiting.push(task); else task();
  }

  /** The gesture under way is over (pointer up, a field committed): the next change is new. */
  endGesture() { this.openGesture = null; this.undoneBeforeGesture = null; }

  get canUndo() { return !this.busy && this.done.length > 0; }
  get canRedo() { return !this.busy && this.undone.length > 0; }
  get undoLabel() { return this.done.at(-1)?.label ?? null; }
  get redoLabel() { return this.undone.at(-1)?.label ?? null; }

  /** Undoes the last entry; resolves to false when there is none or it was refused. */
  undo() { return this.step('done', 'undone', 'undo'); }

  redo() { return this.step('undone', 'done', 'redo'); }

  async step(from, to, how) {
    if (this.busy || this[from].length === 0) return false;
    this.busy = true;
    this.endGesture();
    this.onChange();
    const entry = this[from].at(-1);
    let done = false;
    try {
      done = await entry[how]();
    } finally {
      // Nothing else could be recorded meanwhile (it waits), so the entry is still on top.
      if (done) { this[from].pop(); this[to].push(entry); }
      this.busy = false;
      this.onChange();
      for (const task of this.waiting.splice(0)) task();
    }
    return done;
  }
}
