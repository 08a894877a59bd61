// The page matching lives in contract/ (the offline viewer runs it too).
export * from '../../contract/page-match';
