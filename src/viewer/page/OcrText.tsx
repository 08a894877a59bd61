// The page's OCR text tied to the image: clicking a word (or moving to it with the arrow keys) shows its
// box on the page; a word clicked on the image is selected here. Search hits are marked in the text.
import { memo, useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { ViewerWord } from '../../../contract/viewer';
import { splitWordCore } from '../../../contract/search/word-core';

interface Props {
  words: ViewerWord[];
  hitWords: Set<number>;
  selected: number | null;
  onSelect(index: number): void;
}

/** Groups reading-order words into blocks of lines: a new line when the text goes back left, a new
 *  block when it jumps up (next column) or leaves a gap of more than two lines. */
export function layoutLines(words: ViewerWord[]): number[][][] {
  const blocks: number[][][] = [];
  let block: number[][] = [];
  let line: number[] = [];
  words.forEach((w, i) => {
    const prev = words[i - 1];
    if (prev) {
      const newLine = w[1] < prev[1] - prev[3] || w[2] > prev[2] + prev[3] * 0.8;
      const newBlock = w[2] < prev[2] - prev[3] * 2 || w[2] > prev[2] + prev[3] * 3;
      if (newLine || newBlock) {
        block.push(line);
        line = [];
      }
      if (newBlock) {
        blocks.push(block);
        block = [];
      }
    }
    line.push(i);
  });
  if (line.length) block.push(line);
  if (block.length) blocks.push(block);
  return blocks;
}

const Text = memo(function Text({ words, hitWords }: { words: ViewerWord[]; hitWords: Set<number> }) {
  const blocks = useMemo(() => layoutLines(words), [words]);
  return (
    <>
      {blocks.map((block, b) => (
        <p key={b} className="vz-ocr-block">
          {block.map((line, l) => (
            <span key={l} className="vz-ocr-line">
              {line.map((i) => (
                <span key={i} data-i={i} className="vz-w">
                  {hitWords.has(i) ? <HitWord text={words[i][0]} /> : words[i][0]}{' '}
                </span>
              ))}
            </span>
          ))}
        </p>
      ))}
    </>
  );
});

/** A hit marks the word only, not the punctuation printed beside it ("RICHMOND,"). */
function HitWord({ text }: { text: string }) {
  const [lead, core, trail] = splitWordCore(text);
  return (
    <>
      {lead}
      <mark className="vz-w--hit">{core}</mark>
      {trail}
    </>
  );
}

export function OcrText({ words, hitWords, selected, onSelect }: Props) {
  const box = useRef<HTMLDivElement>(null);

  // Selection is painted directly: re-rendering thousands of words for one class would be slow.
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    root.querySelector('.vz-w--selected')?.classList.remove('vz-w--selected');
    if (selected == null) return;
    const el = root.querySelector<HTMLElement>(`[data-i="${selected}"]`);
    if (!el) return;
    el.classList.add('vz-w--selected');
    const top = el.offsetTop - root.offsetTop;
    if (top < root.scrollTop || top > root.scrollTop + root.clientHeight - 30) root.scrollTo({ top: top - root.clientHeight / 3 });
  }, [selected, words]);

  const click = (e: MouseEvent<HTMLDivElement>) => {
    const i = (e.target as HTMLElement).closest<HTMLElement>('[data-i]')?.dataset.i;
    if (i !== undefined) onSelect(Number(i));
  };
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!words.length) return;
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = selected == null ? 0 : Math.min(words.length - 1, Math.max(0, selected + step));
    onSelect(next);
  };

  if (!words.length) return <p className="vz-muted">This page has no OCR text.</p>;
  return (
    <>
      <p className="vz-help" id="vz-ocr-help">
        Click a word to see it on the page, or focus the text and use the left and right arrow keys.
      </p>
      <div
        ref={box}
        className="vz-ocr"
        tabIndex={0}
        role="region"
        aria-label="OCR text of this page"
        aria-describedby="vz-ocr-help"
        onClick={click}
        onKeyDown={key}
        data-testid="ocr-text"
      >
        <Text words={words} hitWords={hitWords} />
      </div>
      <p className="visually-hidden" aria-live="polite">
        {selected != null && words[selected] ? `Selected word: ${words[selected][0]}` : ''}
      </p>
    </>
  );
}
