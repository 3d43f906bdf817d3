// Playback at the scene's fps. Asking for each frame only when it is due leaves the page a
// round trip and an SVG decode behind at every frame, and frames are dropped (47 of 76 under
// load). Instead upcoming frames are fetched ahead as PNGs at the size shown, a bounded window
// of them, and decoded off the main thread (createImageBitmap); each is drawn on a canvas over
// the picture when its time comes. A frame not decoded by then holds the one shown (playback
// waits for it) rather than being skipped, so every frame is seen, in order; stats.playback
// counts them (docs/preview.md, "Speed").

/** Frames decoded or asked for ahead of the one shown: enough to ride out a slow response at
 *  30 fps, few enough that the bitmaps of a large canvas stay some tens of MB. */
export const AHEAD = 12;
/** Requests at once: Chromium opens 6 connections to a host; the rest are left to the page. */
export const IN_FLIGHT = 4;

export class Player {
  /**
   * `board`: where the canvas goes, over the picture. `fetchFrame(i)` answers the Response of
   * frame i's PNG. `key()` names what the frames depend on besides the time (overrides,
   * appearance, scale): when it changes, the window is thrown away. `onFrame(i)` follows each
   * frame shown; `onEnd(i)` the last, when the timeline does not loop, or the one a frame that
   * could not be had stopped at.
   */
  constructor({ board, fetchFrame, key, onFrame, onEnd, stats }) {
    this.fetchFrame = fetchFrame;
    this.key = key;
    this.onFrame = onFrame;
    this.onEnd = onEnd;
    this.playing = false;
    this.generation = 0;
    this.ready = new Map();     // frame index → ImageBitmap
    this.pending = new Set();   // frame indices asked for
    this.canvas = Object.assign(document.createElement('canvas'), { id: 'playback', hidden: true });
    this.canvas.setAttribute('aria-hidden', 'true');
    // Just over the picture, under the outline and handles.
    const picture = board.querySelector('#picture');
    if (picture) picture.after(this.canvas); else board.append(this.canvas);
    this.picture = picture;
    /** The server's number of the quick picture the canvas holds, shown or hidden (preview.js
     *  asks for the next as the rectangles that changed from it); null for anything else. */
    this.holds = null;
    // What tests and bench/ read: frames shown since Play, in order, and when.
    this.stats = { shown: 0, frames: [], first: null, last: null, waits: 0, fetched: 0 };
    stats.playback = this.stats;
  }

  /** Plays `frames` frames (indices 0 … frames − 1, frame i at i / fps) from `from`;
   *  `loop()` says, when the last is shown, whether to go on from 0. */
  start({ frames, fps, from, loop }) {
    this.stop();
    Object.assign(this, { frames, period: 1000 / fps, next: from, loop, playing: true, due: null, shownKey: this.key(), failed: false });
    this.stats.shown = 0;
    this.stats.frames = [];
    this.stats.first = this.stats.last = null;
    this.stats.waits = 0;
    this.stats.fetched = 0;
    const tick = (now) => {
      if (!this.playing) return;
      this.step(now);
      if (this.playing) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  /** Stops, the last frame left on screen until `hide` (once the picture under it shows the same). */
  stop() {
    this.playing = false;
    this.flush();
  }

  hide() {
    this.canvas.hidden = true;
    this.picture?.classList.remove('covered');
  }

  /** Forgets every frame fetched or asked for: the scene or the page's state changed. */
  flush() {
    this.generation += 1;
    for (const bitmap of this.ready.values()) bitmap.close();
    this.ready.clear();
    this.pending.clear();
  }

  /** The frames to have ready, the next first; past the end only when looping. */
  upcoming() {
    const wanted = [];
    for (let k = 0, i = this.next; k < AHEAD; k += 1, i += 1) {
      if (i >= this.frames) {
        if (!this.loop()) break;
        i = 0;
      }
      if (wanted.includes(i)) break;   // a timeline shorter than the window
      wanted.push(i);
    }
    return wanted;
  }

  fill() {
    const wanted = this.upcoming();
    // Frames the window moved past (or a jump left behind) are let go.
    for (const [i, bitmap] of this.ready) if (!wanted.includes(i)) { bitmap.close(); this.ready.delete(i); }
    for (const i of wanted) {
      if (this.pending.size >= IN_FLIGHT) break;
      if (this.ready.has(i) || this.pending.has(i)) continue;
      this.pending.add(i);
      const generation = this.generation;
      this.fetchFrame(i)
        .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(`frame ${i}: ${response.status}`))))
        .then((blob) => createImageBitmap(blob))
        .then((bitmap) => {
          if (generation !== this.generation || !this.pending.has(i)) { bitmap.close(); return; }
          this.pending.delete(i);
          this.stats.fetched += 1;
          this.ready.set(i, bitmap);
        })
        // A frame the server refuses (the file broke mid-play: 422) or cannot send ends playback,
        // rather than being asked for again at every tick; the page then shows why (onEnd).
        .catch(() => { if (generation === this.generation) { this.pending.delete(i); this.failed = true; } });
    }
  }

  step(now) {
    if (this.failed) { this.playing = false; this.onEnd(this.next); return; }
    const key = this.key();
    if (key !== this.shownKey) { this.flush(); this.shownKey = key; }
    this.fill();
    if (this.due !== null && now < this.due) return;
    const bitmap = this.ready.get(this.next);
    if (!bitmap) {
      if (this.due !== null && now >= this.due + this.period) this.stats.waits += 1;
      return;
    }
    this.draw(bitmap);
    this.ready.delete(this.next);
    bitmap.close();
    const shown = this.next;
    this.stats.shown += 1;
    if (this.stats.frames.length < 10_000) this.stats.frames.push(shown);
    this.stats.first ??= now;
    this.stats.last = now;
    // The next frame is due one period after this one was; after a wait, one period from now
    // (no burst to catch up: every frame keeps its time on screen).
    this.due = this.due === null || now - this.due > this.period ? now + this.period : this.due + this.period;
    this.onFrame(shown);
    if (shown + 1 < this.frames) {
      this.next = shown + 1;
    } else if (this.loop()) {
      this.next = 0;
    } else {
      this.playing = false;
      this.onEnd(shown);
    }
  }

  /** Shows `bitmap` alone: the canvas is cleared first and the picture under it hidden, or a
   *  scene with a clear background would show the frames before (and the picture as it was)
   *  through its transparent pixels; the board's checkerboard shows through instead. */
  draw(bitmap, holds = null) {
    if (this.canvas.width !== bitmap.width || this.canvas.height !== bitmap.height) {
      this.canvas.width = bitmap.width;
      this.canvas.height = bitmap.height;
    }
    const context = this.canvas.getContext('2d');
    context.clearRect(0, 0, this.canvas.width, this.canvas.height);
    context.drawImage(bitmap, 0, 0);
    this.show(holds);
  }

  /** Replaces rectangles of the quick picture the canvas holds: each `{image, x, y}` (an
   *  ImageBitmap or a VideoFrame) is cleared and drawn, so its pixels replace those under it,
   *  transparent ones too. */
  patch(pieces, holds) {
    const context = this.canvas.getContext('2d');
    for (const { image, x, y } of pieces) {
      context.clearRect(x, y, image.displayWidth ?? image.width, image.displayHeight ?? image.height);
      context.drawImage(image, x, y);
    }
    this.show(holds);
  }

  show(holds) {
    this.holds = holds;
    this.canvas.hidden = false;
    this.picture?.classList.add('covered');
  }
}
