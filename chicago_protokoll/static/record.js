// The recording page's own script (serve/record_page.py): it follows the table, says
// whether the page is live, makes sure the outbox is there before a tap is offered, and
// keeps the screen on when asked.  Every button is a plain form, sent by the outbox
// (static/outbox.js); without scripts the page still records, it only stops following
// what other phones record.  When the outbox puts a tap's answer in the page's place it
// says "chicago-leave" first: this page's stream, timers and listeners end there.
(() => {
  "use strict";
  const badge = document.getElementById("live");
  if (!badge) return;
  const bye = new AbortController();
  let left = false;
  const words = JSON.parse(badge.dataset.words);
  const page = badge.dataset.page;
  const PING_MS = 3000; // a follow waiting for the laptop asks again this often
  const TIMEOUT_MS = 8000;

  // -- the badge: offline when the browser is, reconnecting while the stream retries,
  // live only while it is open.  Waiting: a change is seen but the laptop does not answer.
  let source = null, waiting = false;
  const say = () => {
    let state = "live";
    if (navigator.onLine === false) state = "offline";
    else if (waiting) state = "waiting";
    else if (!source || source.readyState !== EventSource.OPEN) state = "lost";
    badge.textContent = words[state];
    badge.className = state === "live" ? "live" : "live lost";
    badge.dataset.state = state;
  };
  window.addEventListener("offline", say, { signal: bye.signal });
  window.addEventListener("online", say, { signal: bye.signal });

  // -- following the table: a change recorded elsewhere loads the page again (its own
  // address, never the form's: a reload must not send a form twice), but only once the
  // laptop answers /ping: a load that fails would leave the phone on the browser's error
  // page, where no outbox runs.  Until then the page stays as it is and says it waits.
  const ping = async () => {
    if (navigator.onLine === false) return false;
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), TIMEOUT_MS);
    try {
      const reply = await fetch(page.split("?")[0] + "/ping", { cache: "no-store", signal: stop.signal });
      return reply.ok;
    } catch (_) {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
  let following = false;
  const follow = async () => {
    if (following) return;
    following = true;
    while (!(await ping())) {
      if (left) return;
      waiting = true;
      say();
      await new Promise((done) => setTimeout(done, PING_MS));
    }
    if (!left) location.replace(page);
  };
  const open = () => {
    if (left) return;
    source = new EventSource(badge.dataset.stream + "&since=" + encodeURIComponent(badge.dataset.version));
    source.addEventListener("sheet", (event) => {
      if (event.lastEventId !== badge.dataset.version) follow();
    });
    source.addEventListener("open", say);
    source.addEventListener("error", () => {
      say();
      // An answer that is no stream (a server stopping) ends it for good: open it again.
      if (source.readyState === EventSource.CLOSED) setTimeout(open, PING_MS);
    });
  };
  window.addEventListener("chicago-leave", () => {
    left = true;
    bye.abort();
    if (source) source.close();
  }, { once: true });
  const start = () => {
    open();
    say();
  };

  // -- the outbox (static/outbox.js, the script before this one) keeps a tap the network
  // loses.  Where its fetch failed (the page's HTML came, the script did not), the page
  // says so, offers no tap, and loads it again until it comes; then it follows the table
  // (the outbox wraps the stream this script opens, so it must be first).
  const expected = document.querySelector("script[data-queue]");
  if (!expected || window.chicagoOutbox) { start(); return; }
  const main = document.querySelector("main");
  const notice = document.getElementById("outbox-missing");
  const held = [...main.children].filter((part) => part.tagName !== "HEADER" && part !== notice);
  for (const part of held) part.inert = true;
  notice.hidden = false;
  notice.setAttribute("role", "alert"); // only while shown: a hidden alert is none
  const load = () => {
    const again = document.createElement("script");
    for (const name of expected.getAttributeNames()) again.setAttribute(name, expected.getAttribute(name));
    again.addEventListener("load", () => {
      if (!window.chicagoOutbox) return;
      notice.hidden = true;
      notice.removeAttribute("role");
      for (const part of held) part.inert = false;
      start();
    });
    again.addEventListener("error", () => { again.remove(); setTimeout(load, PING_MS); });
    expected.after(again);
  };
  load();
})();

// "Keep the screen on": the Wake Lock API where the browser has it.  Phones open the page
// at the laptop's LAN address over plain http, where browsers refuse the API (it needs a
// secure context), so there the tap starts the known fallback: a muted, looping, inline
// video (the package's own static file, allowed by the page's media-src), as NoSleep.js
// does; and the page says the screen may still turn off.
(() => {
  "use strict";
  const box = document.getElementById("wake");
  if (!box) return;
  const absent = document.getElementById("wake-absent");
  const bye = new AbortController();
  const remembered = () => sessionStorage.getItem("chicago-wake") === "1";
  let lock = null, video = null;
  const fallback = () => {
    absent.hidden = false;
    if (!video) {
      video = document.createElement("video");
      video.className = "wake";
      video.muted = true; video.loop = true; video.playsInline = true;
      video.setAttribute("muted", ""); video.setAttribute("playsinline", "");
      video.setAttribute("aria-hidden", "true"); video.tabIndex = -1;
      for (const [type, url] of [["video/webm", box.dataset.webm], ["video/mp4", box.dataset.mp4]]) {
        const source = document.createElement("source");
        source.type = type; source.src = url;
        video.append(source);
      }
      document.body.append(video);
    }
    video.play().catch(() => {});
  };
  const on = async () => {
    if ("wakeLock" in navigator) {
      try { lock = await navigator.wakeLock.request("screen"); } catch (_) { lock = null; }
      if (bye.signal.aborted) off(); // granted after the page was replaced: not this page's
      if (lock || bye.signal.aborted) return;
    }
    fallback();
  };
  const off = () => {
    if (lock) { lock.release().catch(() => {}); lock = null; }
    if (video) video.pause();
  };
  box.addEventListener("change", () => {
    sessionStorage.setItem("chicago-wake", box.checked ? "1" : "0");
    if (box.checked) on(); else off();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && box.checked && !lock) on();
  }, { signal: bye.signal });
  // An answer put in the page's place (static/outbox.js): the page shown takes the screen
  // on again if it was (sessionStorage), this one lets it go.
  window.addEventListener("chicago-leave", () => {
    bye.abort();
    off();
    if (video) video.remove();
  }, { once: true });
  if (!("wakeLock" in navigator)) absent.hidden = false;
  if (remembered()) { box.checked = true; on(); }
})();
