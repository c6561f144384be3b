// Junban's QR codes: drawing one (the pairing codes, py/junban/net/sdp.py) and reading one from the camera.
// Loaded when someone pairs (index.html's junbanLoadPeer), with assets/peer.js.
//
// window.junbanQR, called by py/junban/ui/browser.py:
//   matrix(text) -> ["0101…", …]     the code's modules, a string of '0'/'1' per row (1 = dark), no quiet zone
//   scan(videoElementId, onEvent) -> stop
//       shows the rear camera in the <video> and reads it every SCAN_MS: onEvent("text", text) once for each
//       distinct text read, onEvent("error", "no-camera" | "denied" | "insecure"); stop() lets the camera go.
//
// Encoder: qrcode-generator (npm, MIT, vendored into vendor/qr/ by build.py), error correction level M: a code
// shown on one phone's screen and read by another's camera meets glare and moiré rather than dirt or tears, and M
// (15% of the code may be lost) keeps it readable through a reflection for one version more than L (7%): a
// 164-character offer is version 9 (53 modules) at M, version 8 (49) at L (docs/multiplayer.md).
// Decoder: the browser's BarcodeDetector where it reads QR codes (Chrome on Android and macOS), otherwise jsQR
// (npm, Apache-2.0, vendor/qr/), loaded only when a scan needs it (desktop Linux and iOS have no BarcodeDetector).
import qrcode from "../vendor/qr/qrcode.mjs";

const LEVEL = "M";
const SCAN_MS = 150;
const MAX_SIDE = 640; // frames are read at most this wide or high: enough for a code held before the camera
const JSQR_URL = new URL("../vendor/qr/jsQR.js", import.meta.url).href;

function matrix(text) {
  const code = qrcode(0, LEVEL); // 0: the smallest version that holds the text
  code.addData(String(text), "Byte");
  code.make();
  const size = code.getModuleCount();
  const rows = [];
  for (let r = 0; r < size; r++) {
    let row = "";
    for (let c = 0; c < size; c++) row += code.isDark(r, c) ? "1" : "0";
    rows.push(row);
  }
  return rows;
}

let jsQRLoading = null;

/** jsQR, a classic script that sets window.jsQR (its UMD wrapper does not run as a module). */
function loadJsQR() {
  if (window.jsQR) return Promise.resolve(window.jsQR);
  jsQRLoading ??= new Promise((done, failed) => {
    const script = Object.assign(document.createElement("script"), { src: JSQR_URL, async: true });
    script.onload = () => (window.jsQR ? done(window.jsQR) : failed(new Error("jsQR did not load")));
    script.onerror = () => {
      script.remove();
      jsQRLoading = null;
      failed(new Error("jsQR could not be fetched"));
    };
    document.head.append(script);
  });
  return jsQRLoading;
}

/** A function frame -> Promise<text | null> reading QR codes: BarcodeDetector if it can, else jsQR. */
async function makeReader() {
  if ("BarcodeDetector" in window) {
    try {
      const formats = await BarcodeDetector.getSupportedFormats();
      if (formats.includes("qr_code")) {
        const detector = new BarcodeDetector({ formats: ["qr_code"] });
        return async (video) => {
          const codes = await detector.detect(video);
          return codes.length ? codes[0].rawValue : null;
        };
      }
    } catch (err) {
      // fall through to jsQR
    }
  }
  const jsQR = await loadJsQR();
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    if (!width || !height) return null;
    if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
    context.drawImage(video, 0, 0, width, height);
    const code = jsQR(context.getImageData(0, 0, width, height).data, width, height,
      { inversionAttempts: "dontInvert" });
    return code ? code.data : null;
  };
}

function scan(videoElementId, onEvent) {
  let stopped = false;
  let stream = null;
  let timer = null;
  const seen = new Set();
  const say = (kind, data) => {
    if (stopped) return;
    try {
      onEvent(kind, data);
    } catch (err) {
      console.warn("junbanQR: an event handler failed", err);
    }
  };
  const video = document.getElementById(videoElementId);

  function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    if (stream) stream.getTracks().forEach((track) => track.stop());
    if (video && video.srcObject === stream) video.srcObject = null;
    stream = null;
  }

  (async () => {
    if (!window.isSecureContext) return say("error", "insecure"); // the camera needs https (or localhost)
    if (!navigator.mediaDevices?.getUserMedia || !video) return say("error", "no-camera");
    let camera;
    try {
      camera = await navigator.mediaDevices.getUserMedia(
        { video: { facingMode: { ideal: "environment" } }, audio: false });
    } catch (err) {
      const denied = err && (err.name === "NotAllowedError" || err.name === "SecurityError");
      return say("error", denied ? "denied" : "no-camera");
    }
    if (stopped) return camera.getTracks().forEach((track) => track.stop());
    stream = camera;
    video.muted = true;
    video.setAttribute("playsinline", ""); // iOS: in the page, not full screen
    video.srcObject = stream;
    let read;
    try {
      await video.play();
      read = await makeReader();
    } catch (err) {
      console.warn("junbanQR: the camera cannot be read", err);
      say("error", "no-camera");
      return stop();
    }
    const tick = async () => {
      if (stopped) return;
      try {
        if (video.readyState >= video.HAVE_CURRENT_DATA) {
          const text = await read(video);
          if (text && !seen.has(text)) {
            seen.add(text);
            say("text", text);
          }
        }
      } catch (err) {
        // one frame that could not be read: the next one may
      }
      if (!stopped) timer = setTimeout(tick, SCAN_MS);
    };
    tick();
  })();
  return stop;
}

window.junbanQR = { matrix, scan };
