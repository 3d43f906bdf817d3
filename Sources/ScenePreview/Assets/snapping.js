// Snapping, as pure functions over rectangles in canvas points ({x, y, width, height}): the
// lines a moving view may snap to (the canvas's and its parent's edges and centres, its
// siblings' edges and centres) and the nearest within a threshold. The canvas turns 6 screen
// pixels into points (6 / zoom), so snapping feels the same at every zoom.

/** The three lines of a rectangle on one axis: its low edge, centre and high edge. */
export function linesOf(rect, axis) {
  const low = axis === 'x' ? rect.x : rect.y;
  const size = axis === 'x' ? rect.width : rect.height;
  return [low, low + size / 2, low + size];
}

/** Lines to snap to on both axes, from the canvas size, the parent's box (or null) and the
 *  siblings' placed frames. */
export function snapTargets(canvas, parentBox, siblings) {
  const boxes = [{ x: 0, y: 0, width: canvas.width, height: canvas.height }, ...(parentBox ? [parentBox] : []), ...siblings];
  return { x: boxes.flatMap((b) => linesOf(b, 'x')), y: boxes.flatMap((b) => linesOf(b, 'y')) };
}

/** The smallest shift bringing one of `moving` onto one of `targets`, within `threshold`:
 *  { offset, at } (at = the line snapped to), or null when none is that near. */
export function snapAxis(moving, targets, threshold) {
  let best = null;
  for (const m of moving) {
    for (const t of targets) {
      const offset = t - m;
      if (Math.abs(offset) <= threshold && (best === null || Math.abs(offset) < Math.abs(best.offset))) best = { offset, at: t };
    }
  }
  return best;
}

/** A rectangle moved by (dx, dy), snapped: its edges and centre on each axis tried against the
 *  targets. Returns { dx, dy, guides: {x, y} } with guides null where nothing snapped. */
export function snapMove(rect, dx, dy, targets, threshold) {
  const moved = { ...rect, x: rect.x + dx, y: rect.y + dy };
  const sx = snapAxis(linesOf(moved, 'x'), targets.x, threshold);
  const sy = snapAxis(linesOf(moved, 'y'), targets.y, threshold);
  return { dx: dx + (sx?.offset ?? 0), dy: dy + (sy?.offset ?? 0), guides: { x: sx?.at ?? null, y: sy?.at ?? null } };
}

/** One edge being dragged (a resize): its new position snapped. Returns { at, guide }. */
export function snapEdge(position, targets, threshold) {
  const s = snapAxis([position], targets, threshold);
  return { at: position + (s?.offset ?? 0), guide: s?.at ?? null };
}
