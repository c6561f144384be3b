// Junban's transport between phones: one WebRTC data channel per guest, no server in between. This script only
// carries text; what the text means (the protocol, seats, sequence numbers) is Python's (py/junban/net/). It is
// loaded when someone pairs (index.html's junbanLoadPeer), not with the first screen.
//
// window.junbanPeer, called by py/junban/ui/browser.py:
//   host(onEvent) -> id            a new connection; onEvent(id, "offer", sdp) once ICE gathering is over
//   answer(id, sdp)                on the host: the guest's answer (unpacked from its code)
//   guest(offerSdp, onEvent) -> id a connection to the host whose offer this is; onEvent(id, "answer", sdp)
//   send(id, text) -> bool         false when the channel is not open (or the text is too long for it)
//   close(id)                      closes it; no event for that connection follows
//   wakeLock(on)                   keep the screen on while true (where the browser can), never throws
//   wakeLockState() -> "off" | "wanted" | "held" | "unsupported"
// Events: "open", "message" (text), "state" (the connection's state: connecting, connected, disconnected,
// failed, closed), "closed" (once, when the channel is gone: the other side closed it or the connection
// failed), "error" (a short code: offer-failed, answer-failed, bad-offer, bad-answer). An error does not close
// the connection: a host given a bad answer can be given the right one.
//
// Choices, measured in a prototype (docs/multiplayer.md): no ICE servers (nothing outside the room); a channel
// negotiated in advance (id 0: both sides open it, one round trip fewer), ordered and reliable; the local
// description is handed out once ICE gathering is complete or after GATHER_MS, so it holds the host's
// candidates (the code carries no later ones). A guest that vanishes turns the host's connection
// "disconnected" (~5 s) then "failed" (~15 s) while the channel still says "open": so the connection's state is
// what is watched, and "failed" ends it. Every connection is closed on pagehide, so the other side knows at once.
const GATHER_MS = 2500;
const CHANNEL = { negotiated: true, id: 0, ordered: true };
const connections = new Map(); // id -> {pc, dc, onEvent}
let lastId = 0;

function emit(id, kind, data = "") {
  const conn = connections.get(id);
  if (!conn) return; // closed: nothing more is said about it
  try {
    conn.onEvent(id, kind, data);
  } catch (err) {
    console.warn("junbanPeer: an event handler failed", err);
  }
}

function gathered(pc) {
  return new Promise((done) => {
    if (pc.iceGatheringState === "complete") return done();
    const timer = setTimeout(finish, GATHER_MS);
    function finish() {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", changed);
      done();
    }
    function changed() {
      if (pc.iceGatheringState === "complete") finish();
    }
    pc.addEventListener("icegatheringstatechange", changed);
  });
}

function open(onEvent) {
  const id = `p${++lastId}`;
  const pc = new RTCPeerConnection({ iceServers: [] });
  const dc = pc.createDataChannel("junban", CHANNEL);
  const conn = { pc, dc, onEvent };
  connections.set(id, conn);
  dc.addEventListener("open", () => emit(id, "open"));
  dc.addEventListener("message", (event) => {
    if (typeof event.data === "string") emit(id, "message", event.data);
  });
  dc.addEventListener("close", () => end(id));
  pc.addEventListener("connectionstatechange", () => {
    const state = pc.connectionState;
    emit(id, "state", state);
    if (state === "failed" || state === "closed") end(id);
  });
  return id;
}

/** The connection is gone (closed by the other side, or failed): say so once and let it go. */
function end(id) {
  const conn = connections.get(id);
  if (!conn) return;
  emit(id, "closed");
  connections.delete(id);
  conn.pc.close();
}

function host(onEvent) {
  const id = open(onEvent);
  const { pc } = connections.get(id);
  (async () => {
    try {
      await pc.setLocalDescription(await pc.createOffer());
    } catch (err) {
      console.warn("junbanPeer: no offer", err);
      return emit(id, "error", "offer-failed");
    }
    await gathered(pc);
    if (connections.has(id)) emit(id, "offer", pc.localDescription.sdp);
  })();
  return id;
}

function answer(id, sdp) {
  const conn = connections.get(id);
  if (!conn) return;
  conn.pc.setRemoteDescription({ type: "answer", sdp: String(sdp) }).catch((err) => {
    console.warn("junbanPeer: the answer was refused", err);
    emit(id, "error", "bad-answer");
  });
}

function guest(offerSdp, onEvent) {
  const id = open(onEvent);
  const { pc } = connections.get(id);
  (async () => {
    try {
      await pc.setRemoteDescription({ type: "offer", sdp: String(offerSdp) });
    } catch (err) {
      console.warn("junbanPeer: the offer was refused", err);
      return emit(id, "error", "bad-offer");
    }
    try {
      await pc.setLocalDescription(await pc.createAnswer());
    } catch (err) {
      console.warn("junbanPeer: no answer", err);
      return emit(id, "error", "answer-failed");
    }
    await gathered(pc);
    if (connections.has(id)) emit(id, "answer", pc.localDescription.sdp);
  })();
  return id;
}

const encoder = new TextEncoder();

function send(id, text) {
  const conn = connections.get(id);
  if (!conn || conn.dc.readyState !== "open") return false;
  text = String(text);
  const limit = conn.pc.sctp?.maxMessageSize || 65536;
  if (text.length > limit / 3 && encoder.encode(text).length > limit) return false;
  try {
    conn.dc.send(text);
    return true;
  } catch (err) {
    console.warn("junbanPeer: send failed", err);
    return false;
  }
}

function close(id) {
  const conn = connections.get(id);
  if (!conn) return;
  connections.delete(id);
  conn.pc.close();
}

addEventListener("pagehide", () => {
  for (const id of [...connections.keys()]) close(id);
});

// The screen stays on while a game is played (Chrome Android 84+, Safari iOS 18.4+). The browser lets the lock go
// when the page is hidden; it is asked for again when the page is shown.
let wakeWanted = false;
let wakeSentinel = null;
let wakeAsking = false;

async function askWakeLock() {
  if (!wakeWanted || wakeSentinel || wakeAsking || document.visibilityState !== "visible") return;
  if (!navigator.wakeLock?.request) return;
  wakeAsking = true;
  try {
    const sentinel = await navigator.wakeLock.request("screen");
    if (!wakeWanted) {
      sentinel.release().catch(() => {});
    } else {
      wakeSentinel = sentinel;
      sentinel.addEventListener("release", () => {
        if (wakeSentinel === sentinel) wakeSentinel = null;
      });
    }
  } catch (err) {
    // refused (no user activation yet, a battery saver, a permissions policy): the game goes on without it
  } finally {
    wakeAsking = false;
  }
}

function wakeLock(on) {
  wakeWanted = Boolean(on);
  if (wakeWanted) {
    askWakeLock();
  } else if (wakeSentinel) {
    const sentinel = wakeSentinel;
    wakeSentinel = null;
    sentinel.release().catch(() => {});
  }
}

function wakeLockState() {
  if (!navigator.wakeLock?.request) return "unsupported";
  return wakeSentinel ? "held" : wakeWanted ? "wanted" : "off";
}

document.addEventListener("visibilitychange", askWakeLock);

window.junbanPeer = { host, answer, guest, send, close, wakeLock, wakeLockState };
