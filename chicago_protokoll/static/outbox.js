// The recording page's outbox (serve/outbox.py, templates/phone/; cli.md "Recording that survives the
// room's network").  Without this script every button is a plain form and the page works
// as before; with it every tap is sent by fetch, never as a plain form (a connection cut
// under a plain form ends on the browser's error page, where no outbox runs).  A recording
// write is kept in the phone's own storage, shown as waiting when a try gets no whole
// answer, and sent again (its entry id: one the server has is found saved) when the
// connection returns and every few seconds.  It is removed only by a 200 that names it
// (header x-chicago-entry), an answer that shows it to the person (#outbox-answer), or a
// person's choice in a conflict.  An answer, a whole page, takes this page's place.  No
// rule of the game is here: the server alone judges.
(() => {
  "use strict";
  const me = document.currentScript;
  window.chicagoOutbox = true; // here: the follow script (static/record.js) checks
  // This page's listeners end when an answer takes its place ("chicago-leave").
  const bye = new AbortController();
  const on = (target, type, listener, capture = false) =>
    target.addEventListener(type, listener, { capture, signal: bye.signal });
  let left = false;
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
  // Entries on their way as a person's tap now: shown as waiting only when that try fails.
  const flying = new Set();
  const waiting = () => load().filter((e) => e.state !== "conflict" && !flying.has(e.id));

  // What the server said about the entry this page answers (a tap whose answer this page is).
  if (answer) {
    const done = new Set((answer.dataset.done || "").split(" ").filter(Boolean));
    const kept = new Set((answer.dataset.conflicts || "").split(" ").filter(Boolean));
    // Removed: an entry the server names as saved (or as refused in front of the person,
    // who sees why), and a conflict the server no longer keeps (a person resolved it).
    const remaining = load().filter((e) => !done.has(e.id) && (e.state !== "conflict" || kept.has(e.id)));
    localStorage.setItem(key, JSON.stringify(remaining));
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
    const list = load().filter((e) => !flying.has(e.id));
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
  // The answer with its whole text, or null: none to trust (no network, cut, too slow).
  const exchange = async (url, fields) => {
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), TIMEOUT_MS);
    try {
      const reply = await fetch(url, {
        method: fields ? "POST" : "GET", body: fields && new URLSearchParams(fields),
        signal: stop.signal, cache: "no-store", credentials: "same-origin",
      });
      return { reply, text: await reply.text(), status: reply.status };
    } catch (_) {
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
  const gone = (a) => a && (a.status === 403 || a.status === 404); // the address no longer records
  const shown = (a) => a && a.status < 500 && (a.reply.headers.get("content-type") || "").startsWith("text/html");
  // Whether the laptop answers now (and still knows this address): ok, gone, or down.
  const probe = async () => {
    const reply = navigator.onLine === false ? null : await exchange(page + "/ping");
    return gone(reply) ? "gone" : reply && reply.reply.ok ? "ok" : "down";
  };
  const lost = () => {
    const list = load();
    for (const e of list) if (e.state !== "conflict") e.state = "gone";
    store(list);
  };

  let sending = false;
  // The page's follow script (static/record.js) loads the page again when the file changes;
  // while an entry is on its way that would cut its answer off, so a change seen then is
  // passed on only when the answer is in.  (This script runs first: it wraps the
  // EventSource the follow script is about to open.)
  const later = [];
  // The browser's own EventSource, kept over the pages an answer puts in this one's place.
  const Native = window.chicagoEventSource || (window.chicagoEventSource = window.EventSource);
  window.EventSource = class extends Native {
    addEventListener(type, listener, options) {
      if (type !== "sheet") return super.addEventListener(type, listener, options);
      return super.addEventListener(type, (event) => {
        if (left) return;
        if (sending) later.push(() => listener(event)); else listener(event);
      }, options);
    }
  };
  const passOn = () => { while (later.length && !sending && !left) later.shift()(); };

  // An answer takes this page's place, as a plain form's would, but with no navigation a
  // cut can end on the error page.  Its scripts run again in order, the same static files.
  const replace = (text) => {
    if (left) return;
    const next = new DOMParser().parseFromString(text, "text/html");
    window.dispatchEvent(new Event("chicago-leave"));
    const scripts = [...next.querySelectorAll("script")];
    for (const script of scripts) script.remove();
    history.replaceState(null, "", page); // the form's address, as a plain form's answer
    document.title = next.title;
    document.documentElement.lang = next.documentElement.lang;
    document.body.replaceWith(document.adoptNode(next.body));
    window.scrollTo(0, 0);
    for (const script of scripts) {
      const again = document.createElement("script");
      for (const name of script.getAttributeNames()) again.setAttribute(name, script.getAttribute(name));
      again.async = false; // in the page's order: the outbox before the follow script
      document.body.append(again);
    }
  };

  async function resend() {
    if (sending || left) return;
    sending = true;
    let last = null; // the answer that settled the last waiting entry: the page to show
    try {
      for (;;) {
        const next = waiting()[0];
        if (!next) break;
        const answer = await exchange(page, [...next.fields, ["queued", "1"]]);
        if (left || !answer) break; // no whole answer: kept, tried again soon
        const { reply } = answer;
        const list = load();
        const entry = list.find((e) => e.id === next.id);
        if (!entry) continue;
        if (reply.status === 200 && reply.headers.get("x-chicago-entry") === next.id) {
          store(list.filter((e) => e.id !== next.id));
          last = answer; // the page as the file is now
          continue;
        }
        if (gone(answer)) { lost(); break; }
        if (reply.headers.get("x-chicago-conflict") === next.id) {
          entry.state = "conflict"; // kept by the server until a person resolves it
          store(list);
          last = answer; // its choices, and the file as it is
          continue;
        }
        break; // 5xx, or an answer that names nothing: kept as it is
      }
    } finally {
      sending = false;
    }
    if (shown(last) && !waiting().length) replace(last.text);
    else passOn();
  }
  const timer = setInterval(() => { if (waiting().length) resend(); }, RESEND_MS);
  on(window, "online", resend);

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
  // A person's tap sent now: a whole answer is shown in the page's place (an entry it
  // settles is removed by its header here or by its #outbox-answer).  None (cut before,
  // after or in the middle of it): the entry waits and is sent again; the rest needs the
  // connection.
  let live = false; // a tap on its way: a second one now (a double tap) is the same tap
  const tap = async (form, fields, entry) => {
    live = sending = true; // a change seen meanwhile is this tap's: its answer shows it
    const answer = await exchange(page, fields);
    live = sending = false;
    if (entry) flying.delete(entry.id);
    if (left) return;
    if (gone(answer)) {
      lost();
      if (!entry) note(form, words.gone);
      return;
    }
    if (shown(answer)) {
      if (entry && answer.reply.headers.get("x-chicago-entry") === entry.id) {
        localStorage.setItem(key, JSON.stringify(load().filter((e) => e.id !== entry.id)));
      }
      replace(answer.text);
      return;
    }
    show();
    if (entry) resend(); else note(form, words.needs);
    passOn();
  };

  // A double tap's second click, on the page the first one's answer put here: no tap.
  on(window, "click", (event) => {
    if (event.detail > 1 && event.target instanceof Element && event.target.closest("main button")) {
      event.preventDefault();
    }
  }, true);

  on(window, "submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter;
    const fields = [...new FormData(form, submitter)].map(([k, v]) => [k, String(v)]);
    const what = get(fields, "do");
    // Undo, a correction…, tapped while a tap is on its way: the answer coming takes
    // this page's place, and the choice was made on the page it replaces.
    if (live && !queued.has(what)) return;
    // An entry made while one is on its way waits behind it (chained), the one on its
    // way included; the same tap twice is found there.
    const before = live ? load().filter((e) => e.state !== "conflict") : waiting();
    if (!queued.has(what)) {
      // Undo, corrections, forfeit, next game, a conflict's choice: never queued.
      if (before.length) { note(form, words.needs); return; }
      tap(form, fields, null);
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
      if (!live) resend(); // behind a tap on its way: sent once its answer is here
      return;
    }
    flying.add(entry.id); // kept before it is sent: a page closed now still has it
    store([...load(), entry]);
    tap(form, fields, entry);
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
  on(window, "click", async (event) => {
    const link = event.target instanceof Element ? event.target.closest("main a[href]") : null;
    if (!link || link.origin !== location.origin || event.defaultPrevented) return;
    event.preventDefault();
    if (!waiting().length && (await probe()) === "ok") { if (!left) location.href = link.href; return; }
    if (whole) { whole.hidden = false; if (moment) moment.hidden = true; note(whole, words.offline); carry(link); }
    else note(link.parentElement, words.needs);
  }, true);

  window.addEventListener("chicago-leave", () => {
    left = true;
    bye.abort();
    clearInterval(timer);
    window.EventSource = Native;
    window.chicagoOutbox = false; // the page shown next says again whether it has one
  }, { once: true });

  show();
  if (waiting().length) resend();
})();
