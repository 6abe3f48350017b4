// The keeper's page (serve/record_app.py) kept live without reloading it: the page's own
// address is fetched again when the room's event stream says something was recorded, and
// every few seconds for what no file holds (each table's last contact, a conflict kept
// for a person); only the changed part of <main> is swapped.  A keeper whose focus is in
// the page (about to press a button) is not moved: the swap waits until it is elsewhere.
(() => {
  "use strict";
  const main = document.querySelector("main.keeper");
  if (!main || !main.dataset.stream) return;
  const LOOK_MS = 10000;
  const swap = (fresh) => {
    for (const part of fresh.querySelectorAll("main.keeper [data-live]")) {
      const here = main.querySelector(`[data-live="${part.dataset.live}"]`);
      if (!here || here.innerHTML === part.innerHTML) continue;
      if (here.contains(document.activeElement)) continue;
      here.replaceWith(document.importNode(part, true));
    }
  };
  let looking = false;
  const look = async () => {
    if (looking) return;
    looking = true;
    try {
      const reply = await fetch(location.pathname, { cache: "no-store", credentials: "same-origin" });
      if (reply.ok) swap(new DOMParser().parseFromString(await reply.text(), "text/html"));
    } catch (_) {
      // the laptop did not answer: the next look tries again
    } finally {
      looking = false;
    }
  };
  const source = new EventSource(main.dataset.stream);
  source.addEventListener("sheet", look);
  setInterval(look, LOOK_MS);
})();
