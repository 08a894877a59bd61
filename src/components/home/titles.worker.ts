// Comlink worker: keeps the prepared title list and answers filter/group requests off the main thread.
import { expose, transfer } from 'comlink';
import { groupTitles, prepareTitles, type PreparedTitles, type TitleGroups } from './title-groups';

let prepared: PreparedTitles = prepareTitles([]);

export const titlesWorkerApi = {
  setNames(names: string[]) {
    prepared = prepareTitles(names);
  },
  group(query: string): TitleGroups {
    const result = groupTitles(prepared, query);
    return transfer(result, [result.rows.buffer]);
  },
};

export type TitlesWorkerApi = typeof titlesWorkerApi;

expose(titlesWorkerApi);
