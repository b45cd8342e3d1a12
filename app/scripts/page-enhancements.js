// The one small script of the pages sent without React (ADR 0031): no framework, loaded as a module after the
// content. Every page works the same without it; it only keeps the place and says a press was heard.

const PLACE_KEY = "domae-place";
const here = () => `${location.pathname}${location.search}`;

// A button post that comes back to this page (비교에 추가, 찜하기, 비교 목록 비우기: the form's `redirectTo` is this
// address) would open it at the top again: the place on the page is kept for that one reload. The pressed form is
// put back where it was on screen, not the page at its old scroll offset: the cards far from the screen are laid
// out at an estimated height until they are seen (content-visibility), so the same offset can be another place.
try {
  const saved = JSON.parse(sessionStorage.getItem(PLACE_KEY) ?? "null");
  sessionStorage.removeItem(PLACE_KEY);
  if (saved && saved.path === here() && Date.now() - saved.at < 30_000) {
    const pressed = document.forms[saved.form];
    scrollTo(0, pressed ? pressed.getBoundingClientRect().top + scrollY - saved.top : saved.y);
    // The cards that come on screen are then laid out at their real height, which can move the form again: it is
    // put back once more on each of the next few frames.
    const putBack = (frames) => {
      if (!pressed || frames === 0) return;
      scrollBy(0, pressed.getBoundingClientRect().top - saved.top);
      requestAnimationFrame(() => putBack(frames - 1));
    };
    requestAnimationFrame(() => putBack(3));
  }
} catch {
  // Storage refused (a private window's quota, a policy): the page simply opens at the top.
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
  const back = form.elements.namedItem("redirectTo");
  if (back instanceof HTMLInputElement && back.value === here()) {
    try {
      const place = { form: [...document.forms].indexOf(form), top: form.getBoundingClientRect().top, y: scrollY };
      sessionStorage.setItem(PLACE_KEY, JSON.stringify({ path: here(), at: Date.now(), ...place }));
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

// A select that applies at once (/list's sort, `data-submit-on-change`): its form is sent as Enter would send it,
// by its first button. Without this module the form's button applies it.
document.addEventListener("change", (event) => {
  const field = event.target;
  if (field instanceof HTMLSelectElement && field.form && field.hasAttribute("data-submit-on-change")) {
    field.form.requestSubmit(field.form.querySelector("button[type=submit]"));
  }
});

// `공유` (components/share-button.tsx, whose React handler does the same on pages that hydrate): hidden until this
// module runs; the device's share sheet, else the page's address copied, said in the status beside the button.
for (const box of document.querySelectorAll("[data-share]")) {
  const button = box.querySelector("button");
  const status = box.querySelector('[role="status"]');
  if (!button || !status) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    const url = new URL(box.dataset.share, location.href).href;
    if (navigator.share) {
      try {
        await navigator.share({ title: box.dataset.shareTitle, url });
        return;
      } catch (error) {
        if (error?.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = "링크를 복사했습니다.";
    } catch {
      status.textContent = `이 주소를 복사해 주세요: ${url}`;
    }
  });
}

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

// A form that shows its own result on the page (the margin calculator, ADR 0040: `data-live-form`, a GET form).
// As the seller types, the same address 계산하기 would open is asked for in the background, with the header that
// says the form is not sent yet, and each part of the page marked `data-live-part` takes the server's new copy
// of itself; the field being typed in stays as it is. The address bar follows, so it is always a link to what
// is on screen. 계산하기 answers in place too, as a sent form. Without this module, 계산하기 does it with a page load.
// The name the loader reads (LIVE_FORM_HEADER in app/lib/page-handle.ts; the margin journey fails if they differ).
const LIVE_FORM_HEADER = "X-Live-Form";

/** How many elements down from `top` the node is, or -1 when it is not inside it. */
function depthIn(top, node) {
  let depth = 0;
  for (; node && node !== top; node = node.parentElement) depth += 1;
  return node ? depth : -1;
}

/** Brings `part` up to date from `fresh`, its copy in the new page, without moving the focused field. */
function bringUpToDate(part, fresh) {
  const focused = document.activeElement;
  const inside = focused?.id && focused !== part && part.contains(focused);
  const twin = inside ? fresh.querySelector(`#${CSS.escape(focused.id)}`) : null;
  if (!twin || depthIn(part, focused) !== depthIn(fresh, twin)) {
    part.replaceChildren(...fresh.childNodes);
    return;
  }
  // From the focused field up to the part: keep each element on the path, take its attributes (an error's
  // aria-invalid, the message it names) and everything around it from the new copy. The value stays the seller's.
  for (let kept = focused, copy = twin; kept !== part; kept = kept.parentElement, copy = copy.parentElement) {
    for (const name of kept.getAttributeNames()) if (name !== "value" && !copy.hasAttribute(name)) kept.removeAttribute(name);
    for (const name of copy.getAttributeNames()) if (name !== "value") kept.setAttribute(name, copy.getAttribute(name));
    const around = [...copy.parentElement.childNodes];
    const at = around.indexOf(copy);
    for (const node of [...kept.parentElement.childNodes]) if (node !== kept) node.remove();
    kept.before(...around.slice(0, at));
    kept.after(...around.slice(at + 1));
  }
}

for (const form of document.querySelectorAll("form[data-live-form]")) {
  let timer = 0;
  let asking = null;
  const query = () => new URLSearchParams(new FormData(form)).toString();
  // `sending`: 계산하기 was pressed, so the answer is a sent form's (every message, 400 without a result).
  const refresh = async (sending = false) => {
    const sent = query();
    const address = `${form.action}?${sent}`;
    asking?.abort();
    asking = new AbortController();
    try {
      const headers = sending ? {} : { [LIVE_FORM_HEADER]: "1" };
      const response = await fetch(address, { headers, signal: asking.signal });
      if (!response.ok && response.status !== 400) throw new Error(`${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      // Typed on meanwhile: the next answer is on its way, and this one would put back what was replaced.
      if (query() !== sent) return;
      for (const part of document.querySelectorAll("[data-live-part]")) {
        const fresh = part.id ? page.getElementById(part.id) : null;
        if (!fresh) continue;
        // A <details> the seller opened (자세히 보기) stays open in the new copy.
        for (const open of part.querySelectorAll("details[open][id]"))
          fresh.querySelector(`#${CSS.escape(open.id)}`)?.setAttribute("open", "");
        bringUpToDate(part, fresh);
      }
      history.replaceState(history.state, "", address);
    } catch (error) {
      // Cut off or refused: while typing, 계산하기 still sends the form; after it, the form is sent the plain way.
      if (sending && error?.name !== "AbortError") form.submit();
    }
  };
  // 계산하기 answers in place, as typing does, instead of a page load that would open the page at the top again.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    refresh(true);
  });
  form.addEventListener("input", (event) => {
    // A field that means another choice (a rate typed by hand means 직접 입력): `data-live-sets="name=value"`.
    const [name, value] = event.target.dataset?.liveSets?.split("=") ?? [];
    const other = name ? form.elements.namedItem(name) : null;
    if (other && "value" in other) other.value = value;
    clearTimeout(timer);
    timer = setTimeout(() => refresh(), 250);
  });
  // What was typed or chosen before this module ran (a slow phone) counts at once.
  const changed = [...form.elements].some((field) =>
    field instanceof HTMLSelectElement
      ? [...field.options].some((option) => option.selected !== option.defaultSelected)
      : "defaultValue" in field && field.value !== field.defaultValue,
  );
  if (changed) refresh();
}
