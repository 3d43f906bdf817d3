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
  }

  /** Adds `entry` = { label, undo(), redo(), gesture?, absorb?(next) }. An entry of the gesture
   *  still open is merged into the last one (a slider dragged is one undo, not a hundred). */
  record(entry) {
    const last = this.done.at(-1);
    if (entry.gesture && entry.gesture === this.openGesture && last?.gesture === entry.gesture && last.absorb) {
      last.absorb(entry);
    } else {
      this.done.push(entry);
      if (this.done.length > LIMIT) this.done.shift();
    }
    this.openGesture = entry.gesture ?? null;
    this.undone = [];
    this.onChange();
  }

  /** The gesture under way is over (pointer up, a field committed): the next change is new. */
  endGesture() { this.openGesture = null; }

  get canUndo() { return !this.busy && this.done.length > 0; }
  get canRedo() { return !this.busy && this.undone.length > 0; }
  get undoLabel() { return this.done.at(-1)?.label ?? null; }
  get redoLabel() { return this.undone.at(-1)?.label ?? null; }

  /** Undoes the last entry; resolves to false when there is none or it was refused. */
  undo() { return this.step(this.done, this.undone, 'undo'); }

  redo() { return this.step(this.undone, this.done, 'redo'); }

  async step(from, to, how) {
    if (this.busy || from.length === 0) return false;
    this.busy = true;
    this.openGesture = null;
    this.onChange();
    const entry = from.at(-1);
    let done = false;
    try {
      done = await entry[how]();
    } finally {
      if (done) { from.pop(); to.push(entry); }
      this.busy = false;
      this.onChange();
    }
    return done;
  }
}
