// Which page of the web table the address names, and going to another one in place:
// the address changes (and Back goes back), the modules and the catalogue stay loaded.

import { useEffect, useState } from "../vendor/htm-3.1.1/standalone.module.js";

/** The table's id in a path /play/table/<id>, else null (the lobby). */
export function tableIdOf(/** @type {string} */ path) {
  return /^\/play\/table\/([0-9a-f-]{36})\/?$/.exec(path)?.[1] ?? null;
}

/** The match's id in a path /play/replay/<id>, else null. */
export function replayIdOf(/** @type {string} */ path) {
  return /^\/play\/replay\/([0-9a-f-]{36})\/?$/.exec(path)?.[1] ?? null;
}

/** Go to ``path`` (of /play) without loading the page again. */
export function goTo(/** @type {string} */ path) {
  if (path === location.pathname) return;
  history.pushState(null, "", path);
  scrollTo(0, 0);
  dispatchEvent(new PopStateEvent("popstate"));
}

/** The path shown now, followed through `goTo` and the browser's Back and Forward. */
export function usePath() {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const moved = () => setPath(location.pathname);
    addEventListener("popstate", moved);
    return () => removeEventListener("popstate", moved);
  }, []);
  return path;
}
