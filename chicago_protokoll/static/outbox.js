// The recording page's outbox (serve/outbox.py, templates/phone/; cli.md "Recording that survives the
// room's network").  Without this script every button is a plain form and the page works
// as before; with it, a recording write that cannot be sent is kept in the phone's own
// storage, shown as waiting, and sent again when the connection returns and every few
// seconds.  It is removed only by an answer that names it as saved (200, header
// x-chicago-entry), or by a person's choice in a conflict.  No rule of the game is here:
// the server alone judges, this file only keeps, shows and resends.
(() => {
  "use strict";
  const me = document.currentScript;
  window.chicagoOutbox = true; // here: the follow script (static/record.js) checks
  const words = JSON.parse(me.dataset.words);
  const said = JSON.parse(me.dataset.said); // how a waiting entry is named, in words
  const queued = new Set(me.dataset.queue.split(" "));
  const chain = JSON.parse(me.dataset.chain);
  const page = location.pathname; // the table's recording address: where every form posts
  const key = "chicago-outbox " + page;
  const RESEND_MS = 4000; // "every few seconds"
  const TIMEOUT_MS = 8000; // an answer that takes longer is no answer
  const answer = document.getElementById("outbox-answer");
  const whole = document.getElementById("whole-deal");
  const moment = document.querySelector("section.moment");
  if (moment && whole) moment.after(whole); // in the question's place when it is shown

  const load = () => {
    try {
      const list = JSON.parse(localStorage.getItem(key) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (_) {
      return [];
    }
  };
  const store = (list) => { localStorage.setItem(key, JSON.stringify(list)); show(); };
  const get = (fields, name) => (fields.find((f) => f[0] === name) || [null, ""])[1];
  const set = (fields, name, value) => {
    const found = fields.find((f) => f[0] === name);
    if (found) found[1] = value; else fields.push([name, value]);
  };
  const newId = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  };
  const waiting = () => load().filter((e) => e.state !== "conflict");
  // An entry sent the plain way (its answer is the next page) is not sent again at once.
  const due = () => waiting().filter((e) => !(e.held > Date.now()));

  // What the server said about the entry this page answers (a form sent the plain way).
  if (answer) {
    const done = new Set((answer.dataset.done || "").split(" ").filter(Boolean));
    const kept = new Set((answer.dataset.conflicts || "").split(" ").filter(Boolean));
    // Removed: an entry the server names as saved (or as refused in front of the person,
    // who sees why), and a conflict the server no longer keeps (a person resolved it).
    const left = load().filter((e) => !done.has(e.id) && (e.state !== "conflict" || kept.has(e.id)));
    localStorage.setItem(key, JSON.stringify(left));
  }

  // -- what the page shows -------------------------------------------------------------
  const banner = document.createElement("div");
  banner.id = "outbox";
  banner.setAttribute("role", "status");
  banner.hidden = true;
  // First in <main> (a person's part of the page, as every part is), sticky at the top.
  const main = document.querySelector("main");
  main.prepend(banner);
  const say = (text) => {
    const line = document.createElement("p");
    line.textContent = text;
    return line;
  };
  function show() {
    const list = load();
    const wait = list.filter((e) => e.state !== "conflict");
    const conflicts = list.filter((e) => e.state === "conflict");
    banner.replaceChildren();
    banner.hidden = list.length === 0;
    banner.className = wait.some((e) => e.state === "gone") ? "gone" : "";
    if (wait.length) {
      banner.append(say(wait.length === 1 ? words.one : words.many.replace("{count}", wait.length)));
      const items = document.createElement("ul");
      for (const e of wait) {
        const item = document.createElement("li");
        item.textContent = e.label;
        items.append(item);
      }
      banner.append(items);
      if (wait.some((e) => e.state === "gone")) banner.append(say(words.gone));
    }
    for (const e of conflicts) banner.append(say(words.conflict.replace("{entry}", e.label)));
    // While an entry waits the next question cannot be drawn (only the server judges):
    // the rest of the deal goes in the whole-deal form, or a note.
    const offline = wait.length > 0;
    if (moment) moment.hidden = offline;
    if (whole) {
      whole.hidden = !offline;
      const closed = wait.some((e) => get(e.fields, "do") === "deal");
      whole.querySelector("form").hidden = closed;
      whole.querySelector(".closed").hidden = !closed;
      const covered = new Set(wait.map((e) => e.part).filter(Boolean));
      for (const part of whole.querySelectorAll("[data-part]")) part.hidden = covered.has(part.dataset.part);
    }
  }

  // -- the connection --------------------------------------------------------------------
  const timed = (url, options) => {
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), TIMEOUT_MS);
    return fetch(url, { ...options, signal: stop.signal, cache: "no-store", credentials: "same-origin" })
      .finally(() => clearTimeout(timer));
  };
  // Whether the laptop answers now (and still knows this address): ok, gone, or down.
  const probe = async () => {
    if (navigator.onLine === false) return "down";
    try {
      const reply = await timed(page + "/ping", { method: "GET" });
      if (reply.status === 403 || reply.status === 404) return "gone";
      return reply.ok ? "ok" : "down";
    } catch (_) {
      return "down";
    }
  };

  let sending = false;
  // The page's follow script (static/record.js) loads the page again when the file changes;
  // while an entry is on its way that would cut its answer off, so a change seen then is
  // passed on only when the answer is in.  (This script runs first: it wraps the
  // EventSource the follow script is about to open.)
  const later = [];
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    addEventListener(type, listener, options) {
      if (type !== "sheet") return super.addEventListener(type, listener, options);
      return super.addEventListener(type, (event) => {
        if (sending) later.push(() => listener(event)); else listener(event);
      }, options);
    }
  };
  // The page loaded again only once the laptop answers /ping: never onto the browser's
  // error page, where no outbox runs.
  let reloading = false;
  const reload = async () => {
    if (reloading) return;
    reloading = true;
    while ((await probe()) !== "ok") await new Promise((done) => setTimeout(done, RESEND_MS));
    location.replace(page);
  };
  const passOn = () => { while (later.length && !sending) later.shift()(); };
  async function resend() {
    if (sending) return;
    sending = true;
    try {
      for (;;) {
        const next = waiting()[0];
        if (!next || next.held > Date.now()) return;
        let reply;
        try {
          const body = new URLSearchParams([...next.fields, ["queued", "1"]]);
          reply = await timed(page, { method: "POST", body });
        } catch (_) {
          return; // no network, no answer: kept, tried again in a few seconds
        }
        const list = load();
        const entry = list.find((e) => e.id === next.id);
        if (!entry) continue;
        if (reply.status === 200 && reply.headers.get("x-chicago-entry") === next.id) {
          store(list.filter((e) => e.id !== next.id));
          if (!waiting().length) reload(); // the page as the file is now
          continue;
        }
        if (reply.status === 403 || reply.status === 404) {
          for (const e of list) if (e.state !== "conflict") e.state = "gone";
          store(list);
          return;
        }
        if (reply.headers.get("x-chicago-conflict") === next.id) {
          entry.state = "conflict"; // kept by the server until a person resolves it
          store(list);
          if (!waiting().length) reload(); // its choices, and the file as it is
          continue;
        }
        return; // 5xx, or an answer that names nothing: kept as it is
      }
    } finally {
      sending = false;
      passOn();
    }
  }
  setInterval(() => { if (due().length) resend(); }, RESEND_MS);
  window.addEventListener("online", resend);

  // -- taps ------------------------------------------------------------------------------
  const note = (near, text) => {
    let line = near.querySelector(".needs");
    if (!line) {
      line = document.createElement("p");
      line.className = "needs alert";
      line.setAttribute("role", "alert");
      near.append(line);
    }
    line.textContent = text;
  };
  // An entry made while others wait names the last event the one before it will leave
  // (a moment leaves ENTRY-1; a note is no change to that), so the chain is checked on
  // arrival; and, for a server that counts events, one event more for each.
  const chained = (fields, before) => {
    let last = get(fields, chain.event);
    let count = Number(get(fields, chain.count) || 0);
    for (const e of before) {
      count += 1;
      if (get(e.fields, "do") !== "note") last = e.id + "-1";
    }
    if (fields.some((f) => f[0] === chain.event)) set(fields, chain.event, last);
    if (fields.some((f) => f[0] === chain.count)) set(fields, chain.count, String(count));
  };
  // How the waiting entry is named, in words (serve/outbox.py's `said`): "Chicago: Anna,
  // all five", "Köp 2: Bo, par"; the rest of the deal by its parts as chosen.
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all));
  const firstLine = (button) => (button ? (button.innerText || button.textContent).trim().split("\n")[0] : "");
  const chosen = (form) => {
    const parts = [];
    for (const part of form.querySelectorAll("[data-part]")) {
      if (part.hidden) continue;
      const picked = [...part.querySelectorAll("select")]
        .filter((s) => s.value)
        .map((s) => s.selectedOptions[0].textContent.trim());
      const two = part.querySelector('input[name="two"]');
      if (two && two.checked && picked.length) picked.push(said.two);
      const heading = part.querySelector(".who");
      if (picked.length) parts.push((heading ? heading.textContent.trim() + ": " : "") + picked.join(", "));
    }
    return parts.length ? parts.join("; ") : said.nothing;
  };
  const label = (form, fields, submitter) => {
    const what = get(fields, "do");
    const who = get(fields, "who");
    const values = {
      ...said.page,
      who: who === "tie" ? said.tie : who,
      hand: firstLine(submitter),
      count: get(fields, "count"),
      points: get(fields, "points"),
      text: get(fields, "text"),
      parts: what === "deal" ? chosen(form) : "",
    };
    let key = what;
    if ((what === "buy" || what === "showdown") && (who === "pass" || !who)) key = what + "-pass";
    else if ((what === "buy" || what === "showdown") && !values.hand) key = what + "-who";
    else if (what === "outcome") key = who === "all" ? "all" : "broken";
    else if (what === "trick" && get(fields, "two")) key = "trick-two";
    const text = said[key] ? fill(said[key], values) : firstLine(submitter) || what;
    return text.slice(0, 160);
  };
  const plain = (form, submitter, id) => {
    if (id && !form.elements[chain.entry]) {
      const field = document.createElement("input");
      field.type = "hidden";
      field.name = chain.entry;
      field.value = id;
      form.append(field);
    }
    form.dataset.outboxPlain = "1"; // its own answer is the next page, as without script
    form.requestSubmit(submitter || undefined);
  };

  window.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (form.dataset.outboxPlain) { delete form.dataset.outboxPlain; return; }
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter;
    const fields = [...new FormData(form, submitter)].map(([k, v]) => [k, String(v)]);
    const what = get(fields, "do");
    const before = waiting();
    if (!queued.has(what) || form.dataset.outbox === "never") {
      // Undo, corrections, forfeit, next game: never queued.
      if (before.length || (await probe()) !== "ok") { note(form, words.needs); return; }
      plain(form, submitter);
      return;
    }
    const entry = {
      id: get(fields, chain.entry) || newId(),
      fields,
      label: label(form, fields, submitter),
      part: whole ? JSON.parse(whole.dataset.parts)[what] || "" : "",
      state: "waiting",
    };
    const same = (e) => e.id === entry.id && JSON.stringify(e.fields) === JSON.stringify(fields);
    if (before.some(same)) return; // the same tap twice (a double tap): kept once already
    if (before.some((e) => e.id === entry.id)) {
      entry.id = newId(); // another entry of the same drawn page (a note after a tap)
    }
    set(fields, chain.entry, entry.id); // the id the server's answer must name
    if (before.length) {
      chained(fields, before);
      store([...load(), entry]);
      form.reset();
      resend();
      return;
    }
    store([...load(), entry]);
    const now = await probe();
    if (now === "ok") {
      const list = load();
      list.forEach((e) => { if (e.id === entry.id) e.held = Date.now() + 2 * TIMEOUT_MS; });
      localStorage.setItem(key, JSON.stringify(list));
      plain(form, submitter, entry.id);
      return;
    }
    if (now === "gone") { const list = load(); list.forEach((e) => { e.state = "gone"; }); store(list); }
  }, true);

  // A köp's (or the showdown's) player tapped while the laptop is out of reach: the
  // rest-of-the-deal form opens with that player chosen, the hand left to choose.
  const carry = (link) => {
    const who = new URL(link.href).searchParams.get("who");
    const asked = link.closest("section") && link.closest("section").querySelector('input[name="do"]');
    const part = who && asked ? JSON.parse(whole.dataset.parts)[asked.value] : "";
    const choice = part ? whole.querySelector(`[data-part="${part}"] select`) : null;
    if (!choice || ![...choice.options].some((o) => o.value === who)) return;
    choice.value = who;
    const next = choice.parentElement.querySelectorAll("select")[1];
    if (next) next.focus(); else choice.focus();
  };

  // A link to the next step (a köp's player, a deal to correct) needs the laptop too.
  window.addEventListener("click", async (event) => {
    const link = event.target instanceof Element ? event.target.closest("main a[href]") : null;
    if (!link || link.origin !== location.origin || event.defaultPrevented) return;
    event.preventDefault();
    if (!waiting().length && (await probe()) === "ok") { location.href = link.href; return; }
    if (whole) { whole.hidden = false; if (moment) moment.hidden = true; note(whole, words.offline); carry(link); }
    else note(link.parentElement, words.needs);
  }, true);

  show();
  if (waiting().length) resend();
})();
