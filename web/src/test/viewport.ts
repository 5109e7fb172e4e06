/** Sets happy-dom's window width (the narrow layout below 800 px follows it). */
export function setViewportWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({
    width,
    height: 800,
  });
}
