// Advertisements for the last page of an issue: a bold heading and a few centred lines each.
import type { Vocabulary } from './types';

const ADS: Record<Vocabulary['lang'], string[][]> = {
  en: [
    ["DR. MORRISON'S TONIC", 'Cures Coughs, Colds', 'and all Diseases', 'of the Lungs.', 'Sold by all Druggists.'],
    ['FINE CLOTHING', 'At the lowest prices', 'in the city.', 'HARRIS & CO.'],
    ['NOTICE', 'The annual meeting of', 'the stockholders will', 'be held on Monday next.'],
    ['HATS AND CAPS', 'A large assortment', 'just received from', 'New York.'],
    ['FOR SALE', 'A good farm of 160 acres,', 'with house and barn.', 'Apply at this office.'],
  ],
  de: [
    ['APOTHEKE', 'Alle Arzneien', 'frisch und billig.', 'H. Müller & Söhne.'],
    ['BÄCKEREI', 'Frisches Brot', 'jeden Morgen.', 'Vine-Straße 12.'],
    ['ZU VERKAUFEN', 'Ein schönes Haus', 'mit großem Garten.', 'Näheres in der Office.'],
    ['BIERHALLE', 'Jeden Abend Konzert.', 'Gute Küche.', 'Eintritt frei.'],
  ],
  fr: [
    ['PHARMACIE', 'Remèdes français', 'de première qualité.', 'Rue Royale, 45.'],
    ['À VENDRE', 'Une belle maison', 'avec jardin.', "S'adresser au bureau."],
    ['NOUVEAUTÉS', 'Étoffes de Paris', 'reçues par le dernier', 'paquebot.'],
    ['CAFÉ DU COMMERCE', 'Déjeuner à toute heure.', 'Vins et liqueurs.'],
  ],
};

export const adsFor = (lang: Vocabulary['lang']): string[][] => ADS[lang];
