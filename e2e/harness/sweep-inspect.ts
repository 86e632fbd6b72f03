/**
 * The console sweep's look at one page, run inside the page in one evaluate (e2e/harness/sweep.ts drives it): text
 * cut by its box (overflow hidden or an ellipsis, a placeholder wider than its field), text covered by another
 * element (a sticky column), and strings not in the page's language. It is passed to `page.evaluate` whole, so it
 * uses nothing from outside its body.
 */

export type InPageKind = 'cut' | 'covered' | 'language';

export function inspectPage({ lang, data }: { lang: string; data: string[] }): { kind: InPageKind; detail: string }[] {
  const found: { kind: InPageKind; detail: string }[] = [];
  const short = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 60);
  const visible = (element: Element) => {
    const rect = element.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.opacity !== '0' && style.clipPath === 'none';
  };
  // Text a box inside hides on purpose (visually hidden text for screen readers: a 1 px box, clipped) or scrolls
  // (a scroll area's viewport inside its clipping root) is not cut by the outer box.
  const hiddenBelow = new Map<Element, boolean>();
  const hiddenInside = (from: Element | null, outer: Element): boolean => {
    if (!from || from === outer) return false;
    let hidden = hiddenBelow.get(from);
    if (hidden === undefined) {
      const rect = from.getBoundingClientRect();
      const style = getComputedStyle(from);
      const scrolls = /auto|scroll/.test(`${style.overflowX} ${style.overflowY}`);
      hidden = rect.width <= 1 || rect.height <= 1 || style.clip !== 'auto' || scrolls;
      hidden ||= hiddenInside(from.parentElement, outer);
      hiddenBelow.set(from, hidden);
    }
    return hidden;
  };
  const textRects = (element: Element) => {
    const rects: { text: string; rect: DOMRect }[] = [];
    const walk = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let text = walk.nextNode(); text; text = walk.nextNode()) {
      const parent = text.parentElement;
      if (!text.textContent?.trim() || parent?.closest('[aria-hidden="true"], style, script')) continue;
      if (hiddenInside(parent, element)) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const rect of range.getClientRects()) {
        if (rect.width > 0 && rect.height > 0) rects.push({ text: text.textContent, rect });
      }
    }
    return rects;
  };
  for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
    if (element.closest('[aria-hidden="true"], svg, canvas, video, [data-sweep-ignore]')) continue;
    const style = getComputedStyle(element);
    const hidesX = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
    const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
    if ((!hidesX && !hidesY) || !visible(element) || element.clientWidth <= 1) continue;
    const box = element.getBoundingClientRect();
    // A drawer slid out of the window (the phone's closed menu) shows nothing to cut.
    if (box.right <= 0 || box.left >= window.innerWidth) continue;
    const left = box.left + element.clientLeft;
    const top = box.top + element.clientTop;
    const past = textRects(element).find(
      ({ rect: r }) =>
        (hidesX && (r.right > left + element.clientWidth + 1 || r.left < left - 1)) ||
        (hidesY && (r.bottom > top + element.clientHeight + 2 || r.top < top - 2)),
    );
    if (past) found.push({ kind: 'cut', detail: `${element.tagName.toLowerCase()} cuts "${short(past.text)}"` });
  }
  /** The part of the window an element's scrolling or clipping ancestors let through. */
  const visibleBox = (element: Element) => {
    const box = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const rect = up.getBoundingClientRect();
      box.left = Math.max(box.left, rect.left);
      box.top = Math.max(box.top, rect.top);
      box.right = Math.min(box.right, rect.right);
      box.bottom = Math.min(box.bottom, rect.bottom);
    }
    return box;
  };

  const pinnedBar = (element: Element) => {
    for (let up: Element | null = element; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.position === 'fixed') return true;
      if (style.position === 'sticky' && style.left === 'auto' && style.right === 'auto') return true;
    }
    return false;
  };

  // Covered, and the language: every visible text on screen.
  const japanese = /[\u3040-\u30ff\u3400-\u9fff]/;
  // Words of English that French and Portuguese do not use, as whole words (accented letters are letters); not
  // "for", a Portuguese verb form ("se alguma linha for recusada").
  const englishOnly =
    /(?<!\p{L})(the|and|with|your|you|please|rights|reserved|sign|save|search|settings|delete|user|users|vehicles?|show|from|this|that|will|are|is|of|to|by|at|in|new|name|password|loading|back|next)(?!\p{L})/iu;
  const exempt = /^[\s\d\W]*$|@|https?:\/\/|^[\w.-]+\.[a-z]{2,}$/i;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const parent = node.parentElement;
    if (text === '' || !parent || !visible(parent)) continue;
    if (parent.closest('script, style, [aria-hidden="true"], [translate="no"], [data-sweep-ignore]')) continue;
    const ownLang = parent.closest('[lang]')?.getAttribute('lang') ?? lang;
    // What users typed (names, makers) is in no page's language: it is taken out before looking at the words.
    const words = data.reduce((rest, datum) => rest.split(datum).join(' '), text);
    if (ownLang === lang && !exempt.test(words)) {
      const foreign =
        lang === 'ja'
          ? !japanese.test(words) && /[a-z]{3,}/.test(words)
          : japanese.test(words) || (lang !== 'en' && englishOnly.test(words));
      if (foreign) found.push({ kind: 'language', detail: `"${short(text)}"` });
    }
    if (getComputedStyle(parent).pointerEvents === 'none') continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const view = visibleBox(parent);
    for (const rect of range.getClientRects()) {
      const y = rect.top + rect.height / 2;
      if (rect.width < 4 || y <= view.top || y >= view.bottom) continue;
      // Only the part its scrolling boxes show: what is scrolled out of sight is not covered.
      const points = [rect.left + 2, rect.right - 2].filter((x) => x > view.left && x < view.right);
      const hidden = points.some((x) => {
        const hit = document.elementFromPoint(x, y);
        if (hit === null || hit === parent || parent.contains(hit) || hit.contains(parent)) return false;
        // An invisible control over its own label (a switch's input), or a bar pinned to the top or the foot of
        // the window, which scrolling moves off the text, does not hide it.
        if (getComputedStyle(hit).opacity === '0') return false;
        return !pinnedBar(hit);
      });
      if (hidden) {
        found.push({ kind: 'covered', detail: `"${short(text)}"` });
        break;
      }
    }
  }
  return found;
}

/** Runs in the page (with inspectPage, in the same evaluate): a placeholder, a select's or a read-only field's value
 * wider than its field. */
export function cutFields(): { kind: InPageKind; detail: string }[] {
  const found: { kind: InPageKind; detail: string }[] = [];
  const short = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 60);
  const canvas = document.createElement('canvas').getContext('2d');
  const textWidth = (text: string, style: CSSStyleDeclaration) => {
    if (!canvas) return 0;
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return canvas.measureText(text).width;
  };

  // Cut: a box that hides what does not fit (or ends it with an ellipsis) and text of it that goes past its edge.
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    'input, select, textarea',
  )) {
    const rect = field.getBoundingClientRect();
    if (rect.width <= 1 || getComputedStyle(field).visibility === 'hidden' || field.closest('[data-sweep-ignore]'))
      continue;
    const style = getComputedStyle(field);
    let text = '';
    if (field instanceof HTMLSelectElement) text = field.selectedOptions[0]?.text ?? '';
    else if (field.value === '') text = field.placeholder;
    else if (field.readOnly && field instanceof HTMLInputElement) text = field.value;
    if (text === '' || field instanceof HTMLTextAreaElement) continue;
    const room = field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    if (textWidth(text, style) > room + 1) found.push({ kind: 'cut', detail: `field "${short(text)}"` });
  }

  return found;
}
