// Fills the vocabulary's templates into articles: a headline, an optional deck and a few paragraphs.
import type { Rng } from '../prng';
import type { Entry, Locale, Topic, Vocabulary } from './types';

export interface Article {
  headline: string;
  deck: string | null;
  paragraphs: string[];
}

const inYear = (e: Entry, year: number) => typeof e === 'string' || (year >= e[1] && year <= e[2]);
const textOf = (e: Entry) => (typeof e === 'string' ? e : e[0]);
const topicInYear = (t: Topic, year: number) => (t.from ?? 0) <= year && year <= (t.to ?? 9999);

function titleCase(word: string, lang: Vocabulary['lang']): string {
  const lower = word.toLowerCase();
  return lang === 'fr' ? lower : lower[0].toUpperCase() + lower.slice(1);
}

export class TextGenerator {
  constructor(
    private readonly vocab: Vocabulary,
    private readonly locale: Locale,
    private readonly year: number,
    private readonly rng: Rng,
  ) {}

  private pickEntry(entries: readonly Entry[]): string {
    const usable = entries.filter((e) => inYear(e, this.year));
    return textOf(this.rng.pick(usable.length ? usable : entries));
  }

  private price(): string {
    const { rng } = this;
    // No closing period: templates end the sentence themselves ("at 1s. 8d.").
    if (this.locale.currency === 'pound') return `${rng.int(1, 3)}s. ${rng.int(1, 11)}d`;
    return `$${rng.int(1, 9)}.${String(rng.int(0, 19) * 5).padStart(2, '0')}`;
  }

  private slot(name: string): string {
    const { rng, vocab, locale } = this;
    switch (name) {
      case 'n':
        return String(rng.int(2, 40));
      case 'nn':
        return String(rng.int(120, 4800));
      case 'price':
        return this.price();
      case 'weekday':
        return titleCase(rng.pick(vocab.weekdays), vocab.lang);
      case 'month':
        return titleCase(rng.pick(vocab.months), vocab.lang);
      case 'street':
        return rng.pick(locale.street);
      case 'river':
        return rng.pick(locale.river);
      case 'place':
        return rng.pick(locale.place);
    }
    const list = vocab.slots[name];
    if (!list) throw new Error(`Demo text: no slot '${name}' in ${vocab.lang}`);
    return this.fill(this.pickEntry(list));
  }

  fill(template: string): string {
    return template.replace(/\{(\w+)\}/g, (_, name: string) => this.slot(name));
  }

  /** A filled template that starts a sentence or a headline. */
  sentence(template: string): string {
    const text = this.fill(template);
    return text[0].toUpperCase() + text.slice(1);
  }

  private readonly used = new Set<Topic>();

  /** A weighted pick among the year's topics not yet used on this page (all again once exhausted). */
  private topic(): Topic {
    const inYear = this.vocab.topics.filter((t) => topicInYear(t, this.year));
    if (inYear.every((t) => this.used.has(t))) this.used.clear();
    const topics = inYear.filter((t) => !this.used.has(t));
    const total = topics.reduce((s, t) => s + (t.weight ?? 1), 0);
    let roll = this.rng.next() * total;
    for (const t of topics) {
      roll -= t.weight ?? 1;
      if (roll < 0) return t;
    }
    return topics[topics.length - 1];
  }

  article(): Article {
    const { rng } = this;
    const topic = this.topic();
    this.used.add(topic);
    const sentences = topic.sentences.filter((e) => inYear(e, this.year)).map(textOf);
    // Draw sentences without repeating until the topic runs out, then split them into paragraphs.
    const pool = [...sentences];
    const picked: string[] = [];
    const total = Math.min(pool.length, rng.int(3, 9));
    for (let i = 0; i < total; i++) picked.push(this.sentence(pool.splice(rng.int(0, pool.length - 1), 1)[0]));
    const paragraphs: string[] = [];
    while (picked.length) paragraphs.push(picked.splice(0, rng.int(2, 4)).join(' '));
    const deck = topic.decks && rng.chance(0.6) ? this.sentence(this.pickEntry(topic.decks)) : null;
    return { headline: this.sentence(this.pickEntry(topic.headlines)), deck, paragraphs };
  }
}
