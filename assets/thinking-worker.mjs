// The bots' thinking (junban/thinking.py) in a worker of its own, so that the page's thread stays free while a bot
// works out its move (py/junban/ui/thinking.py; browser.py's think). Started when a table with bots is first shown,
// it lives as long as the page; a second Pyodide resumed from the same snapshot (~1 s here, docs/performance.md).
//
// Messages. In: {id, request} (JSON text: junban.thinking's request), or {warmUp: true} (start Python, answer
// nothing). Out: {id, kind: "answer", json}, {id, kind: "error", message} (the bot's thinking raised) or
// {id, kind: "failed", message} (Python could not start here: the page thinks itself from then on).
import { startPython } from "./python-worker.mjs";

let answer = null;
async function ready() {
  answer ??= startPython().then((pyodide) => {
    pyodide.runPython("from junban.thinking import answer_json");
    return pyodide.globals.get("answer_json");
  });
  return answer;
}

self.onmessage = async ({ data }) => {
  let answerJson;
  try {
    answerJson = await ready();
  } catch (err) {
    if (!data.warmUp) postMessage({ id: data.id, kind: "failed", message: String(err?.message ?? err) });
    return;
  }
  if (data.warmUp) return;
  try {
    postMessage({ id: data.id, kind: "answer", json: answerJson(data.request) });
  } catch (err) {
    postMessage({ id: data.id, kind: "error", message: String(err?.message ?? err) });
  }
};
