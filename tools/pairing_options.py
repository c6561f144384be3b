#!/usr/bin/env python3
"""The pairing designs issue 40 weighed, measured with bare RTCPeerConnections (not the app) in Debian's Chromium and
Firefox ESR, default settings: which connect when the guest's answer reaches the host ``delay`` seconds after the
guest read the offer. The offer goes through the app's pairing code (junban.net.sdp: packed and rebuilt), as a
person carries it.

    python3 tools/pairing_options.py VARIANT [--delays 1,15,60] [--pairs cc,cf,fc,ff] [--dist DIR]

Pairs: host then guest, ``c`` Chromium, ``f`` Firefox. Variants:

- ``plain``: the answer carries no candidate (the design before issue 40: the host learns the guest's address
  from the guest's first check);
- ``answer-candidates``: the answer carries the guest's host candidates, so the host checks towards the guest;
- ``no-offer-candidates``: that, and the offer carries none (the guest never checks first);
- ``camera``: as ``answer-candidates``, the host capturing a (fake) camera before its offer, which is said to show
  raw addresses instead of mDNS names (Chromium: ``--use-fake-device-for-media-stream``, Firefox:
  ``media.navigator.streams.fake``: camera prefs, not address ones);
- ``dummy``: as ``answer-candidates``, the offer also naming an address nobody answers (192.0.2.1, RFC 5737), to
  give a Firefox guest a candidate pair to keep waiting on;
- ``re-resolve``: as ``answer-candidates``, the guest adding the host's candidates again every 2 s;
- ``restart``: as ``answer-candidates``, a guest whose connection fails before it ever opened starts again with a
  new connection keeping its answer true: the same certificate and the same ICE username and password (what
  assets/peer.js does).

Prints, per pair and delay, whether the channel opened within 25 s of the host taking the answer and each side's
connection states with page times (ms), then one JSON line.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "py"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from junban.bench.common import print_result  # noqa: E402
from junban.net import sdp  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, FAKE_CAMERA_ARGS, Server  # noqa: E402
from tests.browser.firefox import Firefox  # noqa: E402
from tools.browser_timing import given_or_built  # noqa: E402

VARIANTS = ("plain", "answer-candidates", "no-offer-candidates", "camera", "dummy", "re-resolve", "restart")
GATHER = """(pc) => new Promise((done) => {
  if (pc.iceGatheringState === "complete") return done();
  pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && done());
  setTimeout(done, 2500);
})"""
HOST = """async (camera) => {
  if (camera) window.__camera = await navigator.mediaDevices.getUserMedia({video: true});
  const pc = new RTCPeerConnection({iceServers: []});
  window.__pc = pc; window.__log = [];
  const dc = pc.createDataChannel("j", {negotiated: true, id: 0});
  dc.onopen = () => window.__log.push(["open", Math.round(performance.now())]);
  pc.onconnectionstatechange = () => window.__log.push([pc.connectionState, Math.round(performance.now())]);
  await pc.setLocalDescription(await pc.createOffer());
  await (GATHER)(pc);
  return pc.localDescription.sdp;
}""".replace("GATHER", GATHER)
GUEST = """async ([offer, readd, restart]) => {
  window.__log = [];
  const log = (what) => window.__log.push([what, Math.round(performance.now())]);
  const certificate = restart ? await RTCPeerConnection.generateCertificate({name: "ECDSA", namedCurve: "P-256"}) : null;
  let credentials = null, opened = false, starts = 0;
  async function attempt() {
    const pc = new RTCPeerConnection(certificate ? {iceServers: [], certificates: [certificate]} : {iceServers: []});
    const n = ++starts;
    const dc = pc.createDataChannel("j", {negotiated: true, id: 0});
    dc.onopen = () => { opened = true; log("open"); };
    pc.onconnectionstatechange = () => {
      log(pc.connectionState + (n > 1 ? "#" + n : ""));
      if (restart && pc.connectionState === "failed" && !opened) attempt();
    };
    await pc.setRemoteDescription({type: "offer", sdp: offer});
    let answer = (await pc.createAnswer()).sdp;
    if (credentials) answer = answer.replace(/a=ice-ufrag:.*/, "a=ice-ufrag:" + credentials[0])
      .replace(/a=ice-pwd:.*/, "a=ice-pwd:" + credentials[1]);
    else credentials = [/a=ice-ufrag:(.*)/.exec(answer)[1].trim(), /a=ice-pwd:(.*)/.exec(answer)[1].trim()];
    await pc.setLocalDescription({type: "answer", sdp: answer});
    if (readd) {
      const lines = offer.split(String.fromCharCode(13, 10)).filter((l) => l.startsWith("a=candidate:"));
      let round = 0;
      const timer = setInterval(() => {
        if (opened) return clearInterval(timer);
        round += 1;
        for (const line of lines) {
          const parts = line.slice(2).split(" ");
          parts[0] = "candidate:" + (100 * round + Number(parts[0].split(":")[1] || 0));
          pc.addIceCandidate({candidate: parts.join(" "), sdpMid: "0"}).catch(() => {});
        }
      }, 2000);
    }
    await (GATHER)(pc);
    return pc.localDescription.sdp;
  }
  return await attempt();
}""".replace("GATHER", GATHER)


def without_candidates(text: str) -> str:
    return "\r\n".join(line for line in text.split("\r\n")
                       if not line.startswith("a=candidate:") and line != "a=end-of-candidates")


def one(host, guest, variant: str, delay: float) -> dict:
    offer = host.evaluate(HOST, variant == "camera")
    offer_sdp, _ = sdp.unpack_offer(sdp.pack_offer(offer, b"x" * 11))  # as the code carries it
    if variant == "no-offer-candidates":
        offer_sdp = without_candidates(offer_sdp)
    elif variant == "dummy":
        offer_sdp = offer_sdp.replace("a=end-of-candidates", "a=candidate:9 1 udp 1 192.0.2.1 9 typ host "
                                                             "generation 0\r\na=end-of-candidates")
    answer = guest.evaluate(GUEST, [offer_sdp, variant == "re-resolve", variant == "restart"])
    time.sleep(delay)
    taken = answer if variant != "plain" else without_candidates(answer)
    host.evaluate("(a) => window.__pc.setRemoteDescription({type: 'answer', sdp: a})", taken)
    start = time.monotonic()
    opened = False
    while time.monotonic() - start < 25 and not opened:
        opened = all(any(e[0] == "open" for e in page.evaluate("() => window.__log")) for page in (host, guest))
        time.sleep(0.2)
    return {"ok": opened, "seconds": round(time.monotonic() - start, 1) if opened else None,
            "offer_candidates": [line.split()[4] for line in offer.split("\r\n") if line.startswith("a=candidate")
                                 and " udp " in line.lower()],
            "host": host.evaluate("() => window.__log"), "guest": guest.evaluate("() => window.__log")}


def measure(dist: Path, variant: str, delays: list[float], pairs: list[str], log=print) -> dict:
    from playwright.sync_api import sync_playwright

    server = Server(dist)
    (dist / "blank.html").write_text("<!doctype html><title>blank</title>")
    camera = variant == "camera"
    firefox = Firefox(prefs={"media.navigator.streams.fake": True, "media.navigator.permission.disabled": True}
                      if camera else None)
    results = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM,
                                        args=CHROMIUM_ARGS + (FAKE_CAMERA_ARGS if camera else []))

            def page(engine):
                if engine == "f":
                    pg = firefox.new_page()
                else:
                    pg = browser.new_context(permissions=["camera"] if camera else []).new_page()
                pg.goto(server.base + "blank.html")
                return pg

            for pair in pairs:
                for delay in delays:
                    outcome = one(page(pair[0]), page(pair[1]), variant, delay)
                    results[f"{pair} {delay:g}"] = outcome
                    log(f"{variant} {pair} {delay:g} s: {'open' if outcome['ok'] else 'FAILED'} "
                        f"host {outcome['host']} guest {outcome['guest']}")
            versions = {"chromium": browser.version, "firefox": firefox.version}
            browser.close()
    finally:
        firefox.close()
        server.stop()
    return {"variant": variant, "versions": versions, "results": results,
            "load_average": [round(x, 2) for x in os.getloadavg()]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", choices=VARIANTS)
    parser.add_argument("--delays", default="1,15,60")
    parser.add_argument("--pairs", default="cc,cf,fc,ff")
    parser.add_argument("--dist", type=Path, help="a built dist/ to use (default: build one)")
    args = parser.parse_args(argv)
    with given_or_built(args.dist) as dist:
        result = measure(dist, args.variant, [float(d) for d in args.delays.split(",")],
                         [p for p in args.pairs.split(",") if len(p) == 2 and set(p) <= {"c", "f"}],
                         log=lambda text: print(text, flush=True))
    print_result(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
