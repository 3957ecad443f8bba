// render-frames preview: the page's only script (no build step, no library). The server draws
// frames on demand; the page asks for the newest one while the scrubber moves (an older request
// still under way is aborted), long-polls /state for saves, and outlines the layer under the pointer.
"use strict";
const $ = (id) => document.getElementById(id);
const state = {
  info: null,          // /state: variants, error, commands, version, generation
  frame: 0,            // the scrubber's frame (shared by every variant)
  playing: false,
  variants: [],        // per variant: { phone, img, outline, label, controller, layers }
  stats: [],           // scrub-to-frame latencies in ms (the browser test reads them)
  shown: {},           // per variant: the frame and generation shown
  hovered: null,
  client: Math.random().toString(36).slice(2),  // this page, for the server's "a later request came" check
  sequence: 0,         // the page's requests in the order it makes them
};
window.preview = state;

async function getState(since) {
  const response = await fetch(since === undefined ? "/state" : `/state?since=${since}`, { cache: "no-store" });
  if (!response.ok) throw new Error(`state: ${response.status}`);
  return response.json();
}

function frameCount() {
  return state.info ? Math.max(...state.info.variants.map((v) => v.frameCount)) : 1;
}

function buildPhones() {
  const phones = $("phones");
  phones.textContent = "";
  state.variants = state.info.variants.map((v, i) => {
    const box = document.createElement("div");
    box.className = "variant";
    const name = document.createElement("div");
    name.className = "name";
    name.textContent = v.name ? `${v.name} · ${v.device}` : v.device;
    const phone = document.createElement("div");
    phone.className = "phone";
    phone.style.width = `${v.width}px`;
    phone.style.height = `${v.height}px`;
    phone.style.borderRadius = `${v.cornerRadius}px`;
    const img = document.createElement("img");
    img.alt = `frame of ${v.name || "the scenario"}`;
    img.draggable = false;
    const outline = document.createElement("div");
    outline.className = "outline";
    outline.hidden = true;
    const label = document.createElement("div");
    label.className = "label";
    label.hidden = true;
    phone.append(img, outline, label);
    box.append(name, phone);
    phones.append(box);
    const entry = { index: i, phone, img, outline, label, controller: null, layers: null, layersKey: "" };
    phone.addEventListener("wheel", onWheel, { passive: false });
    phone.addEventListener("mousemove", (e) => hover(entry, e));
    phone.addEventListener("mouseleave", () => { outline.hidden = true; label.hidden = true; });
    phone.addEventListener("click", (e) => inspect(entry, e));
    return entry;
  });
}

function applyInfo(info) {
  const rebuild = !state.info || state.info.variants.length !== info.variants.length ||
    info.variants.some((v, i) => {
      const o = state.info.variants[i];
      return o.width !== v.width || o.height !== v.height || o.name !== v.name || o.cornerRadius !== v.cornerRadius;
    });
  state.info = info;
  $("scenario").textContent = info.scenario;
  const error = $("error");
  error.hidden = !info.error;
  error.textContent = info.error || "";
  if (rebuild) buildPhones();
  for (const v of state.variants) v.phone.classList.toggle("stale", !!info.error);
  const scrubber = $("scrubber");
  scrubber.max = String(frameCount() - 1);
  // A save keeps the scrubber's place (within the new timeline).
  setFrame(Math.min(state.frame, frameCount() - 1), { force: true });
}

function setFrame(frame, { force = false, started = performance.now() } = {}) {
  frame = Math.max(0, Math.min(frameCount() - 1, Math.round(frame)));
  const changed = frame !== state.frame;
  state.frame = frame;
  $("scrubber").value = String(frame);
  const fps = state.info ? state.info.variants[0].fps : 60;
  $("frame").textContent = String(frame);
  $("time").textContent = (frame / fps).toFixed(3);
  updateCommand();
  if (changed || force) for (const v of state.variants) requestFrame(v, frame, started);
}

async function requestFrame(v, frame, started) {
  const info = state.info.variants[v.index];
  const own = Math.min(frame, info.frameCount - 1);
  if (v.controller) v.controller.abort();
  const controller = new AbortController();
  v.controller = controller;
  try {
    const response = await fetch(`/frame?variant=${v.index}&frame=${own}&client=${state.client}&seq=${++state.sequence}`, { signal: controller.signal, cache: "no-store" });
    if (response.status === 409) return; // a newer request of this variant came first
    if (!response.ok) return;
    const numbers = JSON.parse(response.headers.get("X-Frame-Info") || "{}");
    const blob = await response.blob();
    if (controller.signal.aborted) return;
    const url = URL.createObjectURL(blob);
    const img = new Image();
    img.src = url;
    await img.decode();
    if (controller.signal.aborted) { URL.revokeObjectURL(url); return; }
    const old = v.img.src;
    v.img.src = url;
    if (old.startsWith("blob:")) URL.revokeObjectURL(old);
    state.shown[v.index] = { frame: own, generation: state.info.generation };
    if (v.index === 0) {
      $("u").textContent = round(numbers.u);
      $("offset").textContent = round(numbers.offset);
      state.stats.push(performance.now() - started);
      $("status").textContent = `drawn in ${numbers.drawMilliseconds ?? 0} ms`;
    }
  } catch (e) {
    if (e.name !== "AbortError") console.warn(e);
  } finally {
    if (v.controller === controller) v.controller = null;
  }
}

const round = (x) => (x === undefined ? "–" : (Math.round(x * 100) / 100).toString());

function onWheel(e) {
  e.preventDefault();
  // A trackpad sends many small deltas, a wheel a few large ones: about a frame per 8 pixels.
  state.wheel = (state.wheel || 0) + e.deltaY + e.deltaX;
  const steps = Math.trunc(state.wheel / 8);
  if (steps !== 0) {
    state.wheel -= steps * 8;
    setFrame(state.frame + steps);
  }
}

// Play at the scenario's fps: the frame follows the clock (frames still being drawn are skipped).
let playStart = 0, playFrom = 0;
function togglePlay() {
  state.playing = !state.playing;
  $("play").textContent = state.playing ? "Pause" : "Play";
  if (state.playing) {
    if (state.frame >= frameCount() - 1) setFrame(0);
    playStart = performance.now();
    playFrom = state.frame;
    requestAnimationFrame(tick);
  }
}
function tick(now) {
  if (!state.playing) return;
  const fps = state.info.variants[0].fps;
  const frame = playFrom + Math.floor(((now - playStart) / 1000) * fps);
  if (frame >= frameCount()) { setFrame(frameCount() - 1); togglePlay(); return; }
  if (frame !== state.frame) setFrame(frame);
  requestAnimationFrame(tick);
}

document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" && e.key !== " " ) {
    if (e.target.id !== "scrubber") return;
  }
  const step = e.shiftKey ? 10 : 1;
  if (e.key === " ") { e.preventDefault(); togglePlay(); }
  else if (e.key === "ArrowRight" || e.key === "ArrowDown") { e.preventDefault(); setFrame(state.frame + step); }
  else if (e.key === "ArrowLeft" || e.key === "ArrowUp") { e.preventDefault(); setFrame(state.frame - step); }
});
$("scrubber").addEventListener("input", (e) => setFrame(Number(e.target.value), { started: performance.now() }));
$("play").addEventListener("click", togglePlay);

// The layer inspector: the named layers on screen come with /info; the topmost under the pointer wins.
async function layersOf(v) {
  const key = `${state.info.generation}/${state.frame}`;
  if (v.layersKey !== key) {
    const response = await fetch(`/info?variant=${v.index}&frame=${Math.min(state.frame, state.info.variants[v.index].frameCount - 1)}`);
    v.layers = response.ok ? (await response.json()).layers : [];
    v.layersKey = key;
  }
  return v.layers;
}

function pointIn(v, e) {
  const r = v.phone.getBoundingClientRect();
  return { x: e.clientX - r.left, y: e.clientY - r.top };
}

async function layerAt(v, e) {
  const p = pointIn(v, e);
  const layers = await layersOf(v);
  let best = null;
  for (const l of layers) {
    const [x, y, w, h] = l.frame;
    if (p.x >= x && p.x < x + w && p.y >= y && p.y < y + h && (!best || l.z > best.z)) best = l;
  }
  return best;
}

async function hover(v, e) {
  const l = await layerAt(v, e);
  state.hovered = l;
  v.outline.hidden = v.label.hidden = !l;
  if (!l) { $("hovered").textContent = "No named layer here."; return; }
  const [x, y, w, h] = l.frame;
  Object.assign(v.outline.style, { left: `${x}px`, top: `${y}px`, width: `${w}px`, height: `${h}px` });
  const text = `${l.name}  ${round(x)}, ${round(y)}  ${round(w)}×${round(h)}`;
  v.label.textContent = text;
  Object.assign(v.label.style, { left: `${Math.max(0, x)}px`, top: `${Math.max(0, y - 17)}px` });
  $("hovered").textContent = `${text}  (opacity ${round(l.opacity)}) — click for explain`;
}

async function inspect(v, e) {
  const l = await layerAt(v, e);
  const frame = Math.min(state.frame, state.info.variants[v.index].frameCount - 1);
  const response = await fetch(`/explain?variant=${v.index}&frame=${frame}`);
  const text = await response.text();
  if (!response.ok) { $("explain").textContent = text; return; }
  const all = JSON.parse(text);
  let shown = all;
  if (l) {
    const own = (all.layers || []).filter((x) => x.name === l.name);
    const views = (all.views || []).filter((x) => x.accessibilityIdentifier === l.name || x.identifier === l.name);
    const matched = own.length ? own : views;
    // The layer first, then the moment it is explained at.
    shown = { layer: l.name, frame, time: all.time,
      explain: matched.length ? matched : "not one of the scenario's own layers (chrome or a preset's): its place on screen is above",
      scroll: all.scroll, vars: all.vars, bindings: all.bindings };
  }
  $("explain").textContent = `render-frames explain ${state.info.scenario} --frame ${frame}` +
    (state.info.variants[v.index].name ? ` --variant ${state.info.variants[v.index].name}` : "") + "\n" + JSON.stringify(shown, null, 2);
}

// "Copy command": the render-frames command for this frame, and for the whole render.
function command(kind) {
  if (!state.info) return "";
  const name = state.info.variants[0].name;
  const variant = state.info.variants.length > 1 && name ? ` --variant ${name}` : "";
  return state.info.commands[kind].replace("{frame}", String(state.frame)).replace("{variant}", variant);
}
function updateCommand() { $("command").textContent = command("frame"); }
async function copy(kind) {
  const text = command(kind);
  $("command").textContent = text;
  try { await navigator.clipboard.writeText(text); $("status").textContent = "copied"; }
  catch { $("status").textContent = "select the command to copy it"; }
}
$("copy-frame").addEventListener("click", () => copy("frame"));
$("copy-whole").addEventListener("click", () => copy("whole"));

// Saves: /state?since=V answers when the server's version passes V (a reload or an error).
async function watch() {
  for (;;) {
    try {
      const info = await getState(state.info.version);
      if (info.version !== state.info.version) applyInfo(info);
    } catch (e) {
      $("status").textContent = "the preview server stopped";
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

(async () => {
  applyInfo(await getState());
  watch();
})();
