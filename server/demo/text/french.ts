// French-language newspaper prose (for a French title of Louisiana): accents and cedillas throughout.
import type { Vocabulary } from './types';

export const french: Vocabulary = {
  lang: 'fr',
  weekdays: ['DIMANCHE', 'LUNDI', 'MARDI', 'MERCREDI', 'JEUDI', 'VENDREDI', 'SAMEDI'],
  months: ['JANVIER', 'FÉVRIER', 'MARS', 'AVRIL', 'MAI', 'JUIN', 'JUILLET', 'AOÛT', 'SEPTEMBRE', 'OCTOBRE', 'NOVEMBRE', 'DÉCEMBRE'],
  formatDate: (weekday, day, month, year) => `${weekday} ${day} ${month} ${year}.`,
  volumeLabel: (volume, number) => `VOL. ${volume}—NO. ${number}.`,
  topics: [
    {
      headlines: ['CONSEIL MUNICIPAL.', 'LE CONSEIL DE VILLE.'],
      sentences: [
        "Le conseil municipal s'est réuni hier soir à l'hôtel de ville, sous la présidence du maire.",
        'Une ordonnance pour le pavage de la {street} a été adoptée après une longue discussion.',
        'M. {surname} a proposé de faire réparer les quais avant la saison des pluies.',
        'Les citoyens du quartier demandent un meilleur éclairage des rues.',
        'La séance a été levée à onze heures.',
      ],
    },
    {
      headlines: ['LA RÉCOLTE.', 'NOUVELLES AGRICOLES.'],
      sentences: [
        'Les nouvelles de la campagne sont très favorables à la récolte du coton.',
        'La canne à sucre promet une récolte abondante cette année.',
        'M. {surname}, qui possède une grande plantation près de {place}, attend {n} balles de coton.',
        "La sécheresse de l'été a fait beaucoup de tort au maïs.",
        'Les prix du sucre ont légèrement baissé depuis notre dernier numéro.',
      ],
    },
    {
      headlines: ['NOUVELLES LOCALES.', 'FAITS DIVERS.', 'CHRONIQUE.'],
      sentences: [
        'Un incendie a éclaté {weekday} soir dans une maison de la {street}.',
        'Le bateau à vapeur {ship} est arrivé hier de {port} avec une cargaison de café.',
        "La fête de l'Assomption a été célébrée à la cathédrale avec beaucoup d'éclat.",
        'Le théâtre français donnera demain une représentation au bénéfice des pauvres.',
        'Les écoles rouvriront le premier lundi de {month}.',
        'Le niveau du {river} a monté de {n} pouces depuis dimanche.',
        ['Le chemin de fer de {place} sera bientôt achevé.', 1832, 1929],
      ],
    },
    {
      headlines: ["L'ÉLECTION.", 'POLITIQUE.'],
      sentences: [
        "L'élection s'est passée dans le plus grand calme.",
        'Les électeurs se sont rendus aux urnes en grand nombre dès le matin.',
        'M. {surname} a prononcé un discours très applaudi devant une foule nombreuse.',
        'Le résultat ne sera connu que demain.',
      ],
    },
    {
      from: 1861,
      to: 1865,
      weight: 3,
      headlines: ['LA GUERRE.', 'NOUVELLES DE LA GUERRE.'],
      sentences: [
        'Le président Abraham Lincoln a lancé une nouvelle proclamation.',
        'La guerre civile continue et les nouvelles du front sont rares.',
        'Un combat acharné a eu lieu {weekday} près de la rivière.',
        'Les blessés arrivent chaque jour et les hôpitaux sont pleins.',
      ],
    },
    {
      headlines: ['NOUVELLES DE FRANCE.', "NOUVELLES D'EUROPE.", 'ÉTRANGER.'],
      sentences: [
        'Les dernières nouvelles de Paris annoncent un changement de ministère.',
        'La récolte du vin sera excellente en Bourgogne et en Champagne.',
        'Le paquebot {ship} nous apporte les journaux du Havre.',
        'On parle beaucoup à Paris de la nouvelle exposition.',
      ],
    },
  ],
  slots: {
    surname: ['Dubois', 'Lefèvre', 'Mercier', 'Girard', 'Thibodeaux', 'Fontenot', 'Hébert', 'Lévesque', 'Bréaux', 'Roussel'],
    ship: ['Belle Créole', 'Étoile du Sud', 'Louisiane', 'Ville de Paris'],
    port: ['Le Havre', 'Bordeaux', 'La Havane', 'Natchez'],
  },
};
