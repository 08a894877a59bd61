// The shape of a language's vocabulary for the demo newspaper text. Templates hold {slot} names that
// are filled from slot lists (or from the title's locale); any entry may be limited to a span of years,
// so a railroad never appears in 1795 and Abraham Lincoln is news only in his own years.

/** A template or slot value, optionally only for the years [from, to]. */
export type Entry = string | readonly [text: string, from: number, to: number];

export interface Topic {
  headlines: readonly Entry[];
  decks?: readonly Entry[];
  sentences: readonly Entry[];
  from?: number;
  to?: number;
  /** Relative frequency (default 1). */
  weight?: number;
}

export interface Vocabulary {
  lang: 'en' | 'de' | 'fr';
  topics: readonly Topic[];
  slots: Readonly<Record<string, readonly Entry[]>>;
  /** Masthead date line pieces. */
  weekdays: readonly string[]; // Sunday first
  months: readonly string[];
  formatDate(weekday: string, day: number, month: string, year: number): string;
  volumeLabel(volume: string, number: number): string;
}

/** Words that tie text to the title's city (streets, rivers), filled into {street}, {river}, {place}. */
export interface Locale {
  street: readonly string[];
  river: readonly string[];
  place: readonly string[];
  price: string; // masthead price
  currency: 'dollar' | 'pound';
}
