// The one small script of the pages sent without React (ADR 0031): no framework, loaded as a module after the
// content. Every page works the same without it; it only keeps the place and says a press was heard.

const PLACE_KEY = "domae-place";
const here = () => `${location.pathname}${location.search}`;

// A button post that comes back to this page (비교에 추가, 찜하기, 비교 목록 비우기: the form's `redirectTo` is this
// address) would open it at the top again: the place on the page is kept for that one reload.
try {
  const saved = JSON.parse(sessionStorage.getItem(PLACE_KEY) ?? "null");
  sessionStorage.removeItem(PLACE_KEY);
  if (saved && saved.path === here() && Date.now() - saved.at < 30_000) scrollTo(0, saved.y);
} catch {
  // Storage refused (a private window's quota, a policy): the page simply opens at the top.
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
  const back = form.elements.namedItem("redirectTo");
  if (back instanceof HTMLInputElement && back.value === here()) {
    try {
      sessionStorage.setItem(PLACE_KEY, JSON.stringify({ path: here(), y: scrollY, at: Date.now() }));
    } catch {}
  }
  // A search or filter (a GET form) on a page that has a stand-in for its results (/list's skeleton cards): the
  // stand-in shows while the next page loads.
  if (form.method === "get") {
    for (const shown of document.querySelectorAll('[data-pending="shows"]')) shown.hidden = false;
    for (const hidden of document.querySelectorAll('[data-pending="hides"]')) hidden.hidden = true;
  }
  // The pressed button shows it is busy and cannot send twice; disabled only after the browser has read its
  // name and value into the form's data.
  const button = event.submitter;
  if (button instanceof HTMLButtonElement) {
    setTimeout(() => {
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
    });
  }
});

// A page brought back by the back button (the back/forward cache) gets its buttons and its results back.
addEventListener("pageshow", (event) => {
  if (!event.persisted) return;
  for (const button of document.querySelectorAll("button[aria-busy]")) {
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
  for (const shown of document.querySelectorAll('[data-pending="shows"]')) shown.hidden = true;
  for (const hidden of document.querySelectorAll('[data-pending="hides"]')) hidden.hidden = false;
});
