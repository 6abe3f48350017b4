// The recording page's own script (serve/record_page.py): it follows the table, and
// keeps the screen on when asked.  Every button is a plain form; without this script the
// page still records, it only stops following what other phones record.

// Follows the table: anything recorded elsewhere loads the page again (its own address,
// never the form's: a reload must not send a form twice).  A form sent stops following:
// its answer is the next page.  A link to the next step (``?who=``) is a plain load.
(() => {
  "use strict";
  const badge = document.getElementById("live");
  if (!badge) return;
  const words = JSON.parse(badge.dataset.words);
  const url = badge.dataset.stream + "&since=" + encodeURIComponent(badge.dataset.version);
  const source = new EventSource(url);
  source.addEventListener("sheet", (event) => {
    if (event.lastEventId !== badge.dataset.version) location.replace(badge.dataset.page);
  });
  source.addEventListener("open", () => { badge.textContent = words.live; badge.className = "live"; });
  source.addEventListener("error", () => { badge.textContent = words.lost; badge.className = "live lost"; });
  for (const form of document.querySelectorAll("form")) {
    form.addEventListener("submit", () => {
      // The answer is the next page: the change this form makes must not reload this one.
      source.close();
      setTimeout(() => form.querySelectorAll("button").forEach((b) => { b.disabled = true; }), 0);
    });
  }
})();

// "Keep the screen on": the Wake Lock API; where a browser has none, a muted looping
// video started by the tap keeps some of them awake (a 2-pixel canvas's stream: no file,
// no other origin), and the page says the screen may still turn off.
(() => {
  "use strict";
  const box = document.getElementById("wake");
  if (!box) return;
  const absent = document.getElementById("wake-absent");
  const remembered = () => sessionStorage.getItem("chicago-wake") === "1";
  let lock = null, video = null;
  const on = async () => {
    if ("wakeLock" in navigator) {
      try { lock = await navigator.wakeLock.request("screen"); } catch (e) { lock = null; }
      return;
    }
    absent.hidden = false;
    if (!video) {
      video = document.createElement("video");
      video.muted = true; video.loop = true; video.playsInline = true;
      video.setAttribute("playsinline", ""); video.hidden = true;
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 2;
      if (canvas.captureStream) video.srcObject = canvas.captureStream(1);
      document.body.appendChild(video);
    }
    video.play().catch(() => {});
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
  });
  if (!("wakeLock" in navigator)) absent.hidden = false;
  if (remembered()) { box.checked = true; on(); }
})();
