// The box the board is drawn in, with zoom: buttons (−, +, fit), Ctrl/⌘ + wheel and a
// two-finger pinch change the board's scale, and the box scrolls both ways so a zoomed
// board pans by dragging, swiping or the scroll bars. At "fit" the board fills the box as
// before; on a phone, where "fit" leaves card text a few pixels high, zooming is how a
// person reads it.
import type { ComponentChildren } from "preact";
import { useRef, useState } from "preact/hooks";
import { fitZoom, nextZoom, pinchZoom } from "./zoom";

export function BoardArea(props: {
  label?: string;
  children: ComponentChildren;
  /** Buttons after the zoom's, in the same bar (the match page's rules help). */
  tools?: ComponentChildren;
  /** A click or tap on the board that no choice took (see help.ts's tappedCard). */
  onTap?: (e: MouseEvent) => void;
}) {
  const [zoom, setZoom] = useState(1);
  // The pointers on the board now, for a pinch: id → position.
  const touches = useRef(new Map<number, { x: number; y: number }>());
  const pinchFrom = useRef<{ distance: number; zoom: number } | null>(null);

  const distance = (): number => {
    const [a, b] = [...touches.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType !== "touch") return;
    touches.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (touches.current.size === 2) pinchFrom.current = { distance: distance(), zoom };
  };
  const onPointerMove = (e: PointerEvent) => {
    if (!touches.current.has(e.pointerId)) return;
    touches.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const from = pinchFrom.current;
    if (from && touches.current.size === 2) setZoom(pinchZoom(from.zoom, from.distance, distance()));
  };
  const onPointerUp = (e: PointerEvent) => {
    touches.current.delete(e.pointerId);
    if (touches.current.size < 2) pinchFrom.current = null;
  };
  const onWheel = (e: WheelEvent) => {
    // A plain wheel scrolls (pans); with Ctrl or ⌘ it zooms, as in map applications.
    if (!(e.ctrlKey || e.metaKey)) return;
    e.preventDefault();
    setZoom((z) => nextZoom(z, e.deltaY < 0 ? 1 : -1));
  };
  const percent = Math.round(zoom * 100);
  return (
    <main
      class={`board-area${zoom > fitZoom ? " zoomed" : ""}`}
      aria-label={props.label}
      style={{ "--zoom": String(zoom) }}
      onWheel={onWheel}
      onClick={props.onTap}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      data-zoom={String(zoom)}
    >
      <div class="zoom-bar" role="group" aria-label="Board zoom">
        <button type="button" aria-label="Zoom out" disabled={zoom <= fitZoom} onClick={() => setZoom((z) => nextZoom(z, -1))}>
          −
        </button>
        <span class="zoom-level" aria-live="polite">{`${percent}%`}</span>
        <button type="button" aria-label="Zoom in" onClick={() => setZoom((z) => nextZoom(z, 1))}>
          +
        </button>
        <button type="button" aria-label="Fit the board to the window" disabled={zoom === fitZoom} onClick={() => setZoom(fitZoom)}>
          Fit
        </button>
        {props.tools}
      </div>
      <div class="board-scroll">{props.children}</div>
    </main>
  );
}
