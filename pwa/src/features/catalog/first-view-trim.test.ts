import { describe, expect, it } from 'vitest';
import {
  isDroppedAttribute,
  firstScreenCopy,
  type TrimmableElement,
  type VerticalBox,
} from './first-view-trim';

/** A stand-in for a DOM text node. */
class FakeText {
  parent: FakeElement | null = null;

  constructor(readonly text: string) {}

  cloneNode(): FakeText {
    return new FakeText(this.text);
  }

  toString(): string {
    return `'${this.text}'`;
  }
}

/** A stand-in for a DOM element: name, attributes, children and where the live one lies. */
class FakeElement implements TrimmableElement {
  readonly childNodes: (FakeElement | FakeText)[] = [];
  readonly style = { minHeight: '' };
  parent: FakeElement | null = null;

  constructor(
    readonly localName: string,
    readonly attributes: Map<string, string>,
    readonly box: VerticalBox,
  ) {}

  get children(): FakeElement[] {
    return this.childNodes.filter((node) => node instanceof FakeElement);
  }

  getAttributeNames(): string[] {
    return [...this.attributes.keys()];
  }

  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }

  remove(): void {
    const siblings = this.parent?.childNodes;
    siblings?.splice(siblings.indexOf(this), 1);
    this.parent = null;
  }

  append(child: FakeElement | FakeText): this {
    child.parent = this;
    this.childNodes.push(child);
    return this;
  }

  cloneNode(deep: boolean): FakeElement {
    const copy = new FakeElement(this.localName, new Map(this.attributes), this.box);
    if (deep) for (const child of this.childNodes) copy.append(child.cloneNode(true));
    return copy;
  }

  /** Markup-like text: `name[attr=value,…]{min-height}(children 'text')`. */
  toString(): string {
    const attributes = [...this.attributes].map(([name, value]) => `${name}=${value}`).join(',');
    return (
      this.localName +
      (attributes ? `[${attributes}]` : '') +
      (this.style.minHeight ? `{${this.style.minHeight}}` : '') +
      (this.childNodes.length ? `(${this.childNodes.join(' ')})` : '')
    );
  }
}

/**
 * `el('div', [0, 50], child, …)`: attributes as `['class', 'x']` pairs, text as strings, among
 * the children.
 */
function el(
  name: string,
  [top, bottom]: [number, number],
  ...children: (FakeElement | [string, string] | string)[]
): FakeElement {
  const element = new FakeElement(
    name,
    new Map(children.filter((child): child is [string, string] => Array.isArray(child))),
    { top, bottom },
  );
  for (const child of children) {
    if (child instanceof FakeElement) element.append(child);
    else if (typeof child === 'string') element.append(new FakeText(child));
  }
  return element;
}

/** The first screen's copy of `live` (viewport 100 px high), and `live` before and after. */
function trim(live: FakeElement): { copy: string; liveBefore: string; liveAfter: string } {
  const liveBefore = live.toString();
  const copy = firstScreenCopy(live, {
    viewportHeight: 100,
    box: (element) => element.box,
    isElement: (node): node is FakeElement => node instanceof FakeElement,
  });
  return { copy: copy.toString(), liveBefore, liveAfter: live.toString() };
}

describe('firstScreenCopy keeps the first screen', () => {
  const cases: { name: string; live: FakeElement; copy: string }[] = [
    {
      name: 'whole elements on screen stay, those starting below it go',
      live: el(
        'root',
        [0, 300],
        el('header', [0, 40], el('h1', [5, 30])),
        el('footer', [250, 300]),
      ),
      copy: 'root(header(h1))',
    },
    {
      name: 'an element starting exactly at the bottom goes',
      live: el('root', [0, 0], el('p', [0, 100]), el('p', [100, 120])),
      copy: 'root(p)',
    },
    {
      name: 'a straddling list keeps its rows that start on screen, and its height',
      live: el(
        'root',
        [0, 0],
        el('div', [40, 1000], el('row', [40, 90]), el('row', [90, 140]), el('row', [140, 190])),
      ),
      copy: 'root(div{960px}(row row))',
    },
    {
      name: 'nested straddlers each keep their height',
      live: el(
        'root',
        [0, 0],
        el(
          'main',
          [0, 500],
          el('section', [20, 480], el('card', [20, 60]), el('card', [150, 190])),
        ),
      ),
      copy: 'root(main{500px}(section{460px}(card)))',
    },
    {
      name: 'a straddler that loses nothing keeps its own layout',
      live: el('root', [0, 0], el('aside', [10, 150], el('p', [10, 60]))),
      copy: 'root(aside(p))',
    },
    {
      name: 'an element without a box of its own (display: contents) is looked into',
      live: el('root', [0, 0], el('div', [0, 0], el('card', [10, 60]), el('card', [110, 160]))),
      copy: 'root(div(card))',
    },
    {
      name: 'a hidden element (no box, no children) stays, as the page has it',
      live: el('root', [0, 0], el('dialog', [0, 0]), el('p', [0, 20])),
      copy: 'root(dialog p)',
    },
    {
      name: 'text stays beside what a straddler keeps, inside kept elements too',
      live: el(
        'root',
        [0, 0],
        'Roses',
        el(
          'p',
          [80, 130],
          el('span', [80, 90], 'Red'),
          ' · 60 cm',
          el('span', [110, 120], 'Freedom'),
        ),
      ),
      copy: "root('Roses' p{50px}(span('Red') ' · 60 cm'))",
    },
    {
      name: 'a page shorter than the screen is kept whole',
      live: el('root', [0, 60], el('p', [0, 20]), el('p', [20, 60])),
      copy: 'root(p p)',
    },
  ];
  it.each(cases)('$name', ({ live, copy }) => {
    const result = trim(live);
    expect(result.copy).toBe(copy);
    expect(result.liveAfter).toBe(result.liveBefore);
  });
});

describe('firstScreenCopy lightens what it keeps', () => {
  it('drops pictures and SVG titles, keeping the swatch and the icons', () => {
    const live = el(
      'article',
      [0, 90],
      ['class', 'variety-card'],
      el(
        'div',
        [0, 40],
        ['class', 'variety-image'],
        ['style', '--variety-swatch: #c00'],
        el('img', [0, 40], ['src', '/api/variety/image/x.svg']),
      ),
      el('picture', [40, 50]),
      el('svg', [50, 60], ['class', 'country-flag'], el('title', [0, 0]), el('rect', [50, 60])),
    );
    expect(trim(live).copy).toBe(
      'article[class=variety-card](div[class=variety-image,style=--variety-swatch: #c00] svg[class=country-flag](rect))',
    );
  });

  it('drops app-only attributes throughout, the root included', () => {
    const live = el(
      'div',
      [0, 90],
      ['id', 'root'],
      el(
        'button',
        [0, 40],
        ['id', 'b1'],
        ['data-rac', ''],
        ['class', 'sl-button'],
        ['tabindex', '0'],
      ),
    );
    expect(trim(live).copy).toBe('div(button[class=sl-button])');
  });
});

describe('isDroppedAttribute', () => {
  const cases: [name: string, dropped: boolean][] = [
    ['id', true],
    ['ID', true],
    ['tabindex', true],
    ['role', true],
    ['for', true],
    ['focusable', true],
    ['aria-label', true],
    ['aria-labelledby', true],
    ['aria-hidden', true],
    ['data-testid', true],
    ['data-rac', true],
    ['data-react-aria-pressable', true],
    ['data-discover', true],
    // Styled, or what the copy shows.
    ['aria-current', false],
    ['class', false],
    ['style', false],
    ['href', false],
    ['value', false],
    ['placeholder', false],
    ['data-view', false],
    ['data-selected', false],
    ['data-disabled', false],
    ['data-status', false],
    ['data-variant', false],
    // Look-alikes of dropped names.
    ['arial', false],
    ['ids', false],
    ['data-racks', false],
    ['roles', false],
  ];
  it.each(cases)('%s → dropped %s', (name, dropped) => {
    expect(isDroppedAttribute(name)).toBe(dropped);
  });
});
