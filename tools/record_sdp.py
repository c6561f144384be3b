#!/usr/bin/env python3
"""Record real offers and answers from headless Chromium, as the fixtures of tests/engine/test_sdp.py.

    python3 tools/record_sdp.py [OUT_DIR]      (default: tests/fixtures/sdp/)

Two pages of one Chromium (two browser contexts, as two phones) make a data-channel-only connection the way
assets/peer.js does (no ICE servers, a pre-negotiated channel, the offer handed out once ICE gathering is
complete): the host's offer and the guest's answer are written as they are, in two settings:

- ``mdns``: Chromium's default, host addresses hidden behind ``<uuid>.local`` names (what a phone sends);
- ``raw``: with ``--disable-features=WebRtcHideLocalIpsWithMdns``, the interfaces' own IPv4/IPv6 addresses (what a
  page with camera permission sends).

Each pair is also checked to connect (the channel opens), so a fixture is never an SDP no browser accepted.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
BASE_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE *.local"]
SETTINGS = {"mdns": [], "raw": ["--disable-features=WebRtcHideLocalIpsWithMdns"]}

# The page side: the same connection shape as assets/peer.js, kept here on its own so that the fixtures do not
# depend on the app's build.
SCRIPT = """
window.rec = {};
function gathered(pc) {
  return new Promise((done) => {
    if (pc.iceGatheringState === "complete") return done();
    pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && done());
    setTimeout(done, 3000);
  });
}
function make() {
  const pc = new RTCPeerConnection({ iceServers: [] });
  const dc = pc.createDataChannel("junban", { negotiated: true, id: 0, ordered: true });
  rec.open = new Promise((done) => dc.addEventListener("open", () => done(true)));
  rec.pc = pc;
  return pc;
}
rec.offer = async () => {
  const pc = make();
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  return pc.localDescription.sdp;
};
rec.answer = async (offer) => {
  const pc = make();
  await pc.setRemoteDescription({ type: "offer", sdp: offer });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return pc.localDescription.sdp;
};
rec.accept = (answer) => rec.pc.setRemoteDescription({ type: "answer", sdp: answer });
"""


def record(out: Path, chromium=None) -> None:
    """Write the samples into ``out``; ``chromium``: a Playwright browser type to launch from (one is started)."""
    if chromium is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            return record(out, p.chromium)
    out.mkdir(parents=True, exist_ok=True)
    for name, extra in SETTINGS.items():
        browser = chromium.launch(executable_path=CHROMIUM, args=BASE_ARGS + extra)
        host, guest = (browser.new_context().new_page() for _ in range(2))
        for page in (host, guest):
            page.set_content("<!doctype html><title>sdp</title>")
            page.add_script_tag(content=SCRIPT)
        offer = host.evaluate("rec.offer()")
        answer = guest.evaluate("(offer) => rec.answer(offer)", offer)
        host.evaluate("(answer) => rec.accept(answer)", answer)
        opened = host.evaluate("Promise.race([rec.open, new Promise((d) => setTimeout(() => d(false), 10000))])")
        browser.close()
        if not opened:
            raise SystemExit(f"{name}: the channel did not open; not recorded")
        (out / f"chromium-{name}-offer.sdp").write_text(offer, encoding="utf-8")
        (out / f"chromium-{name}-answer.sdp").write_text(answer, encoding="utf-8")
        print(f"{name}: offer {len(offer)} chars, answer {len(answer)} chars, channel opened")


if __name__ == "__main__":
    record(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "tests" / "fixtures" / "sdp")
