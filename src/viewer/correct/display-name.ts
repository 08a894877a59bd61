// The name a visitor signs corrections with, remembered on this device (a kiosk forgets it with the visitor).
import { useState } from 'react';
import { CORRECTION_NAME_KEY } from '../../shared/lib/storage-keys';
import { CORRECTION_LIMITS } from '../../../contract/corrections';

function read(): string {
  try {
    return localStorage.getItem(CORRECTION_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function useDisplayName(): [string, (name: string) => void] {
  const [name, setName] = useState(read);
  const change = (next: string) => {
    const value = next.slice(0, CORRECTION_LIMITS.displayNameMax);
    setName(value);
    try {
      if (value.trim()) localStorage.setItem(CORRECTION_NAME_KEY, value);
      else localStorage.removeItem(CORRECTION_NAME_KEY);
    } catch {
      /* storage disabled or full: the name still signs this visit's corrections */
    }
  };
  return [name, change];
}
