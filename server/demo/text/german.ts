// German-language newspaper prose (for a German title printed in America): umlauts and ß on every page.
import type { Vocabulary } from './types';

export const german: Vocabulary = {
  lang: 'de',
  weekdays: ['SONNTAG', 'MONTAG', 'DIENSTAG', 'MITTWOCH', 'DONNERSTAG', 'FREITAG', 'SAMSTAG'],
  months: ['JANUAR', 'FEBRUAR', 'MÄRZ', 'APRIL', 'MAI', 'JUNI', 'JULI', 'AUGUST', 'SEPTEMBER', 'OKTOBER', 'NOVEMBER', 'DEZEMBER'],
  formatDate: (weekday, day, month, year) => `${weekday}, DEN ${day}. ${month} ${year}.`,
  volumeLabel: (volume, number) => `JAHRGANG ${volume}. NR. ${number}.`,
  topics: [
    {
      headlines: ['STADTRAT.', 'AUS DEM STADTRAT.', 'STÄDTISCHES.'],
      sentences: [
        'Der Stadtrat hielt gestern Abend eine Sitzung, in welcher über die neue Brücke beraten wurde.',
        'Herr {surname} beantragte, die {street} bis zum Frühjahr zu pflastern.',
        'Die Bürger der oberen Stadt verlangen eine bessere Beleuchtung ihrer Straßen.',
        'Nach längerer Debatte wurde die Steuer für das nächste Jahr auf {n} Cents festgesetzt.',
        'Der Bürgermeister versprach, die Sache sofort zu prüfen.',
        'Die Sitzung wurde um elf Uhr vertagt.',
      ],
    },
    {
      headlines: ['DIE ERNTE.', 'LANDWIRTSCHAFTLICHES.'],
      sentences: [
        'Aus allen Teilen des Landes kommen günstige Berichte über die Ernte.',
        'Der Weizen steht schön, und die Farmer hoffen auf einen guten Ertrag.',
        'Herr {surname}, welcher eine große Farm bei {place} besitzt, erwartet {n} Bushel vom Acker.',
        'Die Preise für Gemüse und Käse sind auf dem Markt etwas gefallen.',
        'Die Trockenheit der letzten Wochen hat dem Mais sehr geschadet.',
      ],
    },
    {
      headlines: ['LOKALES.', 'AUS DER STADT.', 'KLEINE NACHRICHTEN.'],
      sentences: [
        'Im Stadtteil Über-dem-Rhein brach am {weekday} Abend ein Feuer aus, das bald gelöscht wurde.',
        'Der Turnverein feiert am nächsten Sonntag sein Stiftungsfest in der großen Halle.',
        'Die deutschen Schulen werden am ersten Montag im {month} wieder eröffnet.',
        'Der Dampfer {ship} ist gestern mit vielen Passagieren von {port} angekommen.',
        'Herr {surname} ist von seiner Reise nach Europa glücklich zurückgekehrt.',
        'Der Gesangverein gab ein schönes Konzert, welches zahlreich besucht war.',
        'Unsere Zeitung wird von jetzt an täglich in acht Seiten erscheinen.',
        ['Die Eisenbahn nach {place} wird im Frühjahr eröffnet werden.', 1840, 1929],
      ],
    },
    {
      headlines: ['DIE WAHL.', 'POLITISCHES.'],
      sentences: [
        'Die Wahl verlief in allen Wards ruhig und ohne Störung.',
        'Die deutschen Wähler haben sich zahlreich an der Wahl beteiligt.',
        'Herr {surname} sprach vor einer großen Versammlung über die Rechte der Bürger.',
        'Das Ergebnis wird erst nach der amtlichen Zählung bekannt werden.',
      ],
    },
    {
      from: 1861,
      to: 1865,
      weight: 3,
      headlines: ['DER KRIEG.', 'VOM KRIEGSSCHAUPLATZ.'],
      sentences: [
        'Präsident Abraham Lincoln hat eine neue Proklamation erlassen.',
        'Der Bürgerkrieg dauert fort, und viele deutsche Männer dienen in der Armee.',
        'Am {weekday} kam es zu einem heftigen Gefecht am Flusse.',
        'Die Verwundeten werden täglich in die Hospitäler gebracht.',
      ],
    },
    {
      headlines: ['AUS DER ALTEN HEIMAT.', 'AUSLAND.', 'DEUTSCHLAND.'],
      sentences: [
        'Die Nachrichten aus Deutschland lauten über die Ernte günstig.',
        'In München und Köln herrscht große Aufregung über die neuen Steuern.',
        'Die Auswanderung nach Amerika hat in diesem Jahr wieder zugenommen.',
        'Ein Brief aus Württemberg berichtet über schwere Überschwemmungen.',
      ],
    },
  ],
  slots: {
    surname: ['Müller', 'Schröder', 'Bäcker', 'Köhler', 'Weiß', 'Krüger', 'Hoffmann', 'Schäfer', 'Fuchs', 'Günther'],
    ship: ['Bremen', 'Hansa', 'Germania', 'Westphalia', 'Donau'],
    port: ['Bremen', 'Hamburg', 'New York', 'Baltimore'],
  },
};
