// The home search form kept in the history entry of its /home visit (issue #21): Back from the results
// brings the form back as it was (rows, dates, places), while a new visit to /home (a new entry) starts
// empty. history.state survives Back, Forward and reload of that entry, and belongs to it alone.
import { useEffect, useState } from 'react';
import { emptyForm, type HomeForm } from '../../contract/home-form-fields';

const KEY = 'homeSearchForm';

function savedForm(): HomeForm | null {
  const saved = (typeof history !== 'undefined' && (history.state as Record<string, unknown> | null)?.[KEY]) as HomeForm | undefined;
  return saved && Array.isArray(saved.rows) && saved.rows.length > 0 ? { ...emptyForm(), ...saved } : null;
}

export function useHistoryForm() {
  const [form, setForm] = useState<HomeForm>(() => savedForm() ?? emptyForm());
  useEffect(() => {
    const state = (history.state as Record<string, unknown> | null) ?? {};
    history.replaceState({ ...state, [KEY]: form }, '');
  }, [form]);
  return [form, setForm] as const;
}
