// The live page: opens the page's event stream and swaps the page's <main> with each new
// view, so a deal, an undo or a new current session shows without a reload; the badge
// says when the link is lost (the browser's EventSource reconnects by itself).  Where a
// box is marked data-fit (the TV's deals) the rows it cuts in half are hidden.
(() => {
  const main = document.querySelector("main");
  const badge = document.getElementById("live");
  const words = JSON.parse(badge.dataset.words);
  const fit = () => {
    for (const box of main.querySelectorAll("[data-fit]")) {
      const rows = [...box.querySelectorAll(box.dataset.fit)];
      rows.forEach((row) => { row.hidden = false; });
      const bottom = box.getBoundingClientRect().bottom;
      const first = rows.findIndex((row) => row.getBoundingClientRect().bottom > bottom + 0.5);
      if (first >= 0) rows.slice(first).forEach((row) => { row.hidden = true; });
    }
  };
  const url = badge.dataset.stream + "&since=" + encodeURIComponent(badge.dataset.version);
  const source = new EventSource(url);
  source.addEventListener("sheet", (event) => {
    const data = JSON.parse(event.data);
    main.innerHTML = data.html;
    document.title = data.title;
    badge.dataset.version = event.lastEventId;
    fit();
  });
  source.addEventListener("open", () => {
    badge.textContent = words.live;
    badge.className = "live";
  });
  source.addEventListener("error", () => {
    badge.textContent = words.lost;
    badge.className = "live lost";
  });
  window.addEventListener("resize", fit);
  fit();
})();
