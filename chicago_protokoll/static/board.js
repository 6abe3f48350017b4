// The room's board (after live.js): measures what the screen holds, shows a page of the
// tables and of the standings, and turns page every data-rotate seconds (both at once:
// the page count is the larger of the two; the shorter one starts again).  ?page=N shows
// page N and stays.  On a phone (the narrow layout) everything shows.
(() => {
  const main = document.querySelector("main");
  const seconds = parseInt(main.dataset.rotate || "12", 10);
  const wanted = parseInt(new URLSearchParams(location.search).get("page") || "", 10);
  const stays = wanted > 0;
  let turn = stays ? wanted - 1 : 0;
  const narrow = () => matchMedia("(max-width: 700px)").matches;
  const room = (box, items) => {
    // how many of items (all shown, in order) lie wholly inside box: a page's worth
    if (!box || !items.length) return 1;
    const bottom = box.getBoundingClientRect().bottom + 0.5;
    const inside = items.filter((item) => item.getBoundingClientRect().bottom <= bottom).length;
    return Math.max(1, inside);
  };
  const show = () => {
    const tables = [...main.querySelectorAll(".nb-table")];
    const rows = [...main.querySelectorAll(".nb-standings tbody tr")];
    [...tables, ...rows].forEach((item) => { item.hidden = false; });
    const mark = main.querySelector(".nb-pages");
    if (narrow()) { if (mark) mark.textContent = ""; main.dataset.pages = 1; return; }
    const perTable = room(main.querySelector(".nb-tables"), tables);
    const perRow = room(main.querySelector(".nb-standings"), rows);
    const tablePages = Math.max(1, Math.ceil(tables.length / perTable));
    const rowPages = Math.max(1, Math.ceil(rows.length / perRow));
    const pages = Math.max(tablePages, rowPages);
    main.dataset.pages = pages;
    const page = stays ? Math.min(turn, pages - 1) : turn % pages;
    const at = (items, per, count) => {
      const first = (page % count) * per;
      items.forEach((item, index) => { item.hidden = index < first || index >= first + per; });
    };
    at(tables, perTable, tablePages);
    at(rows, perRow, rowPages);
    if (mark) {
      const words = mark.dataset.words || "page {page} of {pages}";
      mark.textContent = pages > 1
        ? "· " + words.replace("{page}", page + 1).replace("{pages}", pages) : "";
    }
    if (!stays) turn = page;
  };
  new MutationObserver(show).observe(main, {childList: true});
  setInterval(() => { if (!stays) { turn += 1; show(); } }, seconds * 1000);
  window.addEventListener("resize", show);
  show();
})();
