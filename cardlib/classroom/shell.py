"""The page a browser gets first (the shell): the page's title, the widgets' look, a note that the table
is being dealt (and, after a while, to reload), and the small script that opens the page's connection,
puts the server's drawing in place and sends clicks back.  No framework: one short script, so a class of
thirty phones or laptops opens it at once."""

from __future__ import annotations

import html

from . import words

__all__ = ["shell"]

CSS = """
body { margin: 0; font-family: sans-serif; color: #202020; background: #fff; }
#cardlib-root { max-width: 1800px; margin: 0 auto; padding: 8px 16px; }
.cardlib-waiting { max-width: 760px; margin: 12vh auto; padding: 24px; border: 3px solid #1d5c3a; border-radius: 10px;
  background: #f7f5ee; }
.cardlib-wait { font-size: 2em; }
.cardlib-wait-long { font-size: 1.3em; margin-top: 16px; opacity: 0; animation: cardlib-late 0s %(late)ss forwards; }
@keyframes cardlib-late { to { opacity: 1; } }
.cardlib-lost { position: fixed; top: 0; left: 0; right: 0; padding: 10px 16px; background: #fff3cd;
  border-bottom: 2px solid #8a6d00; font-size: 1.2em; z-index: 10; }
.cardlib-back { font-size: 1.1em; color: #1d5c3a; float: right; margin: .6em 0 0 1em; }
.cardlib-words h1 { font-size: 1.7em; margin: .15em 0; }
.cardlib-words p { margin: .25em 0; }
.cardlib-notice { font-size: 1.3em; padding: 12px; border: 2px solid #8d8878; border-radius: 8px; background: #f7f5ee;
  margin: 12px 0; }
.cardlib-teacher { border: 3px solid #8a6d00; border-radius: 10px; padding: 10px 16px; background: #fffaf0;
  max-width: 1100px; margin: 12px 0; font-size: 1.15em; }
.cardlib-tally { font-size: 2.2em; line-height: 1.5; margin: 12px 0; }
.cardlib-languages { font-size: 1.2em; margin: 8px 0; }
.cardlib-languages a { margin-right: 14px; color: #1d5c3a; }
.cardlib-languages a[aria-current] { font-weight: bold; text-decoration: none; color: #202020; }
.cardlib-qr img { width: 260px; height: 260px; image-rendering: pixelated; }
.widget-box { display: flex; box-sizing: border-box; }
.widget-vbox { flex-direction: column; }
.widget-hbox { flex-direction: row; align-items: baseline; }
.widget-inline-hbox { display: flex; flex-direction: row; align-items: baseline; margin: 2px; }
.widget-label { min-width: 80px; margin-right: 8px; text-align: right; }
.widget-html-content { line-height: 1.35; }
.jupyter-button { height: 28px; padding: 0 10px; margin: 2px; border: 0; border-radius: 2px; background: #eeeeee;
  color: #202020; font-size: 13px; font-family: sans-serif; cursor: pointer; box-shadow: 0 1px 2px rgba(0,0,0,.25); }
.jupyter-button:hover:enabled { box-shadow: 0 2px 4px rgba(0,0,0,.3); }
.jupyter-button:disabled { opacity: .6; cursor: default; }
.jupyter-button.mod-success { background: #4caf50; color: #fff; }
.jupyter-button.mod-primary { background: #2196f3; color: #fff; }
.jupyter-button.mod-info { background: #00bcd4; color: #fff; }
.jupyter-button.mod-warning { background: #ff9800; color: #fff; }
.jupyter-button.mod-danger { background: #f44336; color: #fff; }
.jupyter-button.mod-active { background: #bdbdbd; box-shadow: inset 0 1px 3px rgba(0,0,0,.4); }
.widget-radio-box { display: flex; flex-direction: column; }
.widget-readout { margin-left: 8px; }
select, input { font-size: 1em; }
"""

SCRIPT = r"""
(function () {
  const root = document.getElementById("cardlib-root");
  const page = root.dataset.page, lang = root.dataset.lang;
  const queue = [];
  let ws = null, plotly = null;
  function send(ev) {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(ev)); else queue.push(ev);
  }
  function sync(a, b) {        // the live element a takes the attributes and children of b
    if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) { a.replaceWith(b); return; }
    if (a.nodeType === 3 || a.nodeType === 8) { if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue; return; }
    if (a.nodeType !== 1) return;
    for (const at of Array.from(a.attributes)) if (!b.hasAttribute(at.name)) a.removeAttribute(at.name);
    for (const at of Array.from(b.attributes))
      if (a.getAttribute(at.name) !== at.value) a.setAttribute(at.name, at.value);
    if (a.tagName === "INPUT") {
      if (a.type === "checkbox" || a.type === "radio") a.checked = b.hasAttribute("checked");
      else if (a !== document.activeElement) a.value = b.getAttribute("value") || "";
    }
    if (a.classList.contains("cardlib-plot")) return;        // drawn by plotly below
    kids(a, b);
    if (a.tagName === "SELECT") for (const o of a.options) o.selected = o.hasAttribute("selected");
  }
  function kids(a, b) {
    const ac = Array.from(a.childNodes), bc = Array.from(b.childNodes);
    for (let i = 0; i < bc.length; i++) { if (i < ac.length) sync(ac[i], bc[i]); else a.appendChild(bc[i]); }
    for (let i = bc.length; i < ac.length; i++) ac[i].remove();
  }
  function draw(text) {
    const t = document.createElement("template");
    t.innerHTML = text;
    const fresh = document.createElement("div");
    fresh.appendChild(t.content);
    if (root.querySelector(".cardlib-waiting")) root.replaceChildren(...fresh.childNodes);
    else kids(root, fresh);
    plots();
  }
  function plots() {
    const hosts = root.querySelectorAll(".cardlib-plot");
    if (!hosts.length) return;
    if (!window.Plotly) {
      if (!plotly) { plotly = document.createElement("script"); plotly.src = "/static/plotly.min.js";
                     plotly.onload = plots; document.head.appendChild(plotly); }
      return;
    }
    for (const h of hosts) {
      if (h.dataset.drawn === h.dataset.plot) continue;
      const fig = JSON.parse(h.dataset.plot);
      window.Plotly.react(h, fig.data, fig.layout, {displaylogo: false, responsive: true});
      h.dataset.drawn = h.dataset.plot;
    }
  }
  function connect() {
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/" + page + "?lang=" + lang;
    ws = new WebSocket(url);
    ws.onopen = () => { while (queue.length) ws.send(JSON.stringify(queue.shift())); };
    ws.onmessage = (m) => { const msg = JSON.parse(m.data); if (msg.html !== undefined) draw(msg.html);
                            if (msg.title) document.title = msg.title; };
    ws.onclose = () => {
      if (document.querySelector(".cardlib-lost")) return;
      const note = document.createElement("div"); note.className = "cardlib-lost"; note.textContent = LOST;
      document.body.prepend(note);
    };
  }
  document.addEventListener("click", (e) => {
    const el = e.target.closest("[data-ev]");
    if (!el || el.disabled || el.tagName === "SELECT" || el.tagName === "INPUT") return;
    if (el.dataset.ev === "click") send({w: el.dataset.w, ev: "click"});
    else if (el.dataset.ev === "index") send({w: el.dataset.w, ev: "index", value: Number(el.dataset.index)});
  });
  function changed(e) {
    const el = e.target;
    if (!el.dataset || !el.dataset.w) return;
    if (el.tagName === "SELECT") {
      const picked = Array.from(el.options).filter(o => o.selected).map(o => Number(o.value));
      send({w: el.dataset.w, ev: "index", value: el.multiple ? picked : picked[0]});
    } else if (el.type === "checkbox") send({w: el.dataset.w, ev: "value", value: el.checked});
    else if (el.type === "radio") send({w: el.dataset.w, ev: "index", value: Number(el.dataset.index)});
    else if (el.type === "range" || el.type === "number") send({w: el.dataset.w, ev: "value", value: Number(el.value)});
    else send({w: el.dataset.w, ev: "value", value: el.value});
  }
  document.addEventListener("change", changed);
  let pending = null;
  document.addEventListener("input", (e) => {          // a slider follows the pointer, a few times a second
    if (e.target.type !== "range") return;
    clearTimeout(pending); pending = setTimeout(() => changed(e), 80);
  });
  connect();
})();
"""


def shell(page: str, title: str, language: str = "en") -> str:
    """The first answer to a page's address: the shell of page ``page`` (a lesson's name, "start" ...), in
    ``language`` (its waiting words; its connection asks for the page in that language)."""
    lost = words.say(words.LOST, language)
    script = SCRIPT.replace("LOST", _js(lost))
    lang = html.escape(language, quote=True)
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title><style>{CSS % {"late": words.WAIT_LONG}}</style></head>
<body><div id="cardlib-root" data-page="{html.escape(page, quote=True)}" data-lang="{lang}"><div class="cardlib-waiting">
<div class="cardlib-wait">{html.escape(words.say(words.WAITING, language))}</div>
<div class="cardlib-wait-long">{html.escape(words.say(words.WAITING_LONG, language))}</div></div></div>
<script>{script}</script></body></html>"""


def _js(text: str) -> str:
    import json
    return json.dumps(text)
