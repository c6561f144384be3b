// Junban's transport between phones: one WebRTC data channel per guest, no server in between. This script only
// carries text; what the text means (the protocol, seats, sequence numbers) is Python's (py/junban/net/). It is
// loaded when someone pairs (index.html's junbanLoadPeer), not with the first screen.
//
// window.junbanPeer, called by py/junban/ui/browser.py:
//   supported() -> bool            can this browser make a connection at all (RTCPeerConnection)?
//   host(onEvent) -> id            a new connection; onEvent(id, "offer", sdp) once ICE gathering is over
//   answer(id, sdp)                on the host: the guest's answer (unpacked from its code)
//   guest(offerSdp, onEvent) -> id a connection to the host whose offer this is; onEvent(id, "answer", sdp)
//   send(id, text) -> bool         false when the channel is not open (or the text is too long for it)
//   close(id)                      closes it; no event for that connection follows
//   wakeLock(on)                   keep the screen on while true (where the browser can), never throws
//   wakeLockState() -> "off" | "wanted" | "held" | "unsupported"
// Events: "open", "message" (text), "state" (the connection's state: connecting, connected, disconnected,
// failed, closed), "closed" (once, when the channel is gone: the other side closed it or the connection
// failed), "error" (a short code: no-webrtc, offer-failed, answer-failed, bad-offer, bad-answer). An error does
// not close the connection: a host given a bad answer can be given the right one. Every error is also written to
// the console (console.warn, with the browser's own message).
//
// Choices, measured (docs/multiplayer.md): no ICE servers (nothing outside the room); a channel negotiated in
// advance (id 0: both sides open it, one round trip fewer), ordered and reliable; the local description is
// handed out once ICE gathering is complete or after GATHER_MS, so it holds this side's candidates (the codes
// carry no later ones). A guest that vanishes turns the host's connection "disconnected" (~5 s) then "failed"
// (~15 s) while the channel still says "open": so the connection's state is what is watched, and "failed" ends
// it. Every connection is closed on pagehide, so the other side knows at once.
//
// Pairing at a person's pace (the answer comes back a minute after the offer was read) needs two more things:
// - Before its channel ever opened, a "failed" is not the end: Chromium, as host, fails when the guest's early
//   checks are 30 s old, then recovers within ~3 s once it checks towards the guest's candidates (which the
//   answer code carries). So a connection that never opened gets PAIRING_GRACE_MS to come back.
// - A Firefox guest whose checks get no answer (a Firefox host answers mDNS for its addresses only once it has
//   taken the answer) fails for good after 5-12 s. The guest then starts again with a new connection that
//   keeps its answer true: the same certificate (so the same fingerprint) and the same ICE username and password,
//   written into its local description. Each new connection looks the host's names up again, so once the host
//   has taken the answer, the next one finds it. Earlier ones stay open until the channel opens or the
//   connection is closed: the first, whose ports the answer gave the host, and the one before the newest.
// - A failed Firefox connection closes its ports, so once the first start has failed, the host can only reach
//   the guest where a newer start's checks came from. Chromium, as host, counts such a path dead when it has
//   heard nothing on it for 30 s, and a start whose checks were answered goes quiet until the host nominates a
//   pair (it waits in "checking" for ever). So while the first start is failed and the channel not open, the
//   guest starts again every FRESH_CHECKS_MS: the host, taking the answer at any time, finds a path checked less
//   than 30 s ago (a Chromium host with a Firefox guest whose first start failed, answer 56-64 s late: never
//   connected before).
const GATHER_MS = 2500;
const PAIRING_GRACE_MS = 12000;
const FRESH_CHECKS_MS = 12000;
const MAX_ATTEMPTS = 120; // a guest's new starts while it waits for the host (~10 minutes at the least)
const CHANNEL = { negotiated: true, id: 0, ordered: true };
const connections = new Map(); // id -> {pc, dc, onEvent, opened, spare: [pcs], ...}
let lastId = 0;

function supported() {
  return typeof RTCPeerConnection === "function";
}

function emit(id, kind, data = "") {
  const conn = connections.get(id);
  if (!conn) return; // closed: nothing more is said about it
  try {
    conn.onEvent(id, kind, data);
  } catch (err) {
    console.warn("junbanPeer: an event handler failed", err);
  }
}

function fail(id, code, err) {
  console.warn(`junbanPeer: ${code}`, err);
  emit(id, "error", code);
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

/** A new connection's id; its peer connection is made by start() (none: no WebRTC, said as an error). */
function open(onEvent) {
  const id = `p${++lastId}`;
  connections.set(id, { pc: null, dc: null, onEvent, opened: false, spare: [], grace: null, fresh: null, attempts: 0 });
  return id;
}

/** A peer connection for ``id`` (its channel and events wired), or null when the browser cannot make one. */
function start(id, certificate) {
  const conn = connections.get(id);
  let pc;
  try {
    pc = new RTCPeerConnection(certificate ? { iceServers: [], certificates: [certificate] } : { iceServers: [] });
  } catch (err) {
    setTimeout(() => fail(id, "no-webrtc", err), 0);
    return null;
  }
  const dc = pc.createDataChannel("junban", CHANNEL);
  if (conn.pc) conn.spare.push(conn.pc);
  while (conn.spare.length > 2) conn.spare.splice(1, 1)[0].close(); // the first (its ports are in the answer), the last
  conn.pc = pc;
  conn.dc = dc;
  const current = () => connections.get(id) === conn && conn.pc === pc;
  dc.addEventListener("open", () => {
    if (connections.get(id) !== conn || (conn.opened && !current())) return;
    if (!current()) {
      // A guest's earlier start opened first: the first one's ports are what the answer gave the host, so the
      // host's own checks may reach it rather than the newest start. Its channel is as good: it becomes the one.
      conn.spare = conn.spare.filter((other) => other !== pc);
      conn.spare.push(conn.pc);
      conn.pc = pc;
      conn.dc = dc;
    }
    conn.opened = true;
    clearTimeout(conn.grace);
    clearInterval(conn.fresh);
    for (const old of conn.spare.splice(0)) old.close();
    emit(id, "open");
  });
  dc.addEventListener("message", (event) => {
    if (current() && typeof event.data === "string") emit(id, "message", event.data);
  });
  dc.addEventListener("close", () => {
    if (current()) end(id);
  });
  pc.addEventListener("connectionstatechange", () => {
    if (!current()) return;
    const state = pc.connectionState;
    if (state === "failed" && !conn.opened) return notYet(id, conn);
    if (state === "connecting" || state === "connected") clearTimeout(conn.grace);
    emit(id, "state", state);
    if (state === "failed" || state === "closed") end(id);
  });
  return pc;
}

/** A guest's new start (see above); false when it has had its MAX_ATTEMPTS. */
function startAgain(id, conn) {
  if (!conn.restart || conn.attempts >= MAX_ATTEMPTS) return false;
  conn.attempts += 1;
  conn.restart().catch((err) => {
    console.warn("junbanPeer: a new start failed", err);
    emit(id, "state", "failed");
    end(id);
  });
  return true;
}

/** While a guest waits with its first start failed: a new start when the newest one's checks are going stale (its
 * starts used up: failed, said, so that the screen stops saying it keeps trying). */
function keepChecksFresh(id, conn) {
  if (connections.get(id) !== conn || conn.opened) return clearInterval(conn.fresh);
  const first = conn.spare[0] || conn.pc;
  const waiting = ["new", "checking"].includes(conn.pc.iceConnectionState);
  if (first.connectionState !== "failed" || first === conn.pc || !waiting || startAgain(id, conn)) return;
  emit(id, "state", "failed");
  end(id);
}

/** A connection that never opened has failed: a guest starts again (see above); a host waits for it to recover. */
function notYet(id, conn) {
  if (startAgain(id, conn)) return;
  clearTimeout(conn.grace);
  conn.grace = setTimeout(() => {
    if (connections.get(id) !== conn || conn.opened || conn.pc.connectionState !== "failed") return;
    emit(id, "state", "failed");
    end(id);
  }, PAIRING_GRACE_MS);
}

/** The connection is gone (closed by the other side, or failed): say so once and let it go. */
function end(id) {
  const conn = connections.get(id);
  if (!conn) return;
  emit(id, "closed");
  connections.delete(id);
  release(conn);
}

function release(conn) {
  clearTimeout(conn.grace);
  clearInterval(conn.fresh);
  for (const pc of [...conn.spare.splice(0), conn.pc]) if (pc) pc.close();
}

function host(onEvent) {
  const id = open(onEvent);
  const pc = start(id);
  if (!pc) return id;
  (async () => {
    try {
      await pc.setLocalDescription(await pc.createOffer());
    } catch (err) {
      return fail(id, "offer-failed", err);
    }
    await gathered(pc);
    if (connections.has(id)) emit(id, "offer", pc.localDescription.sdp);
  })();
  return id;
}

function answer(id, sdp) {
  const conn = connections.get(id);
  if (!conn || !conn.pc) return;
  conn.pc.setRemoteDescription({ type: "answer", sdp: String(sdp) }).catch((err) => fail(id, "bad-answer", err));
}

const ICE_UFRAG = /^a=ice-ufrag:(.*)$/m;
const ICE_PWD = /^a=ice-pwd:(.*)$/m;

function guest(offerSdp, onEvent) {
  const id = open(onEvent);
  if (!supported()) {
    setTimeout(() => fail(id, "no-webrtc", "RTCPeerConnection is not defined"), 0);
    return id;
  }
  const conn = connections.get(id);
  const offer = { type: "offer", sdp: String(offerSdp) };
  let certificate = null;
  let credentials = null; // [ufrag, pwd] of the answer the host was shown

  // One start: a peer connection that reads the offer and answers it; from the second on, with the first
  // answer's credentials (the host holds that answer).
  async function attempt() {
    const pc = start(id, certificate);
    if (!pc) return false;
    try {
      await pc.setRemoteDescription(offer);
    } catch (err) {
      fail(id, "bad-offer", err);
      return false;
    }
    let sdp;
    try {
      sdp = (await pc.createAnswer()).sdp;
      if (credentials) {
        sdp = sdp.replace(ICE_UFRAG, `a=ice-ufrag:${credentials[0]}`).replace(ICE_PWD, `a=ice-pwd:${credentials[1]}`);
      } else {
        credentials = [ICE_UFRAG.exec(sdp)?.[1].trim(), ICE_PWD.exec(sdp)?.[1].trim()];
      }
      await pc.setLocalDescription({ type: "answer", sdp });
    } catch (err) {
      fail(id, "answer-failed", err);
      return false;
    }
    return true;
  }

  (async () => {
    try {
      certificate = await RTCPeerConnection.generateCertificate({ name: "ECDSA", namedCurve: "P-256" });
    } catch (err) {
      console.warn("junbanPeer: no certificate of our own (the guest cannot start again)", err);
    }
    if (!connections.has(id) || !(await attempt())) return;
    if (certificate && credentials[0] && credentials[1]) {
      conn.restart = async () => {
        if (connections.get(id) === conn && !conn.opened) await attempt();
      };
      conn.fresh = setInterval(() => keepChecksFresh(id, conn), FRESH_CHECKS_MS);
    }
    const pc = conn.pc;
    await gathered(pc);
    if (connections.has(id)) emit(id, "answer", pc.localDescription.sdp);
  })();
  return id;
}

const encoder = new TextEncoder();

function send(id, text) {
  const conn = connections.get(id);
  if (!conn || !conn.dc || conn.dc.readyState !== "open") return false;
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
  release(conn);
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

window.junbanPeer = { supported, host, answer, guest, send, close, wakeLock, wakeLockState };
