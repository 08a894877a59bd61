import type { SiteSection } from '../store/types';
import { sectionSchemas } from '../sites/schema';

/** Site configuration: admins only. */
export const SITE_SECTIONS: SiteSection[] = ['settings', 'menus', 'pwa'];
/** Content: editors may change these too. */
export const CONTENT_SECTIONS: SiteSection[] = ['home', 'banner', 'pageContent', 'ads', 'policies'];

/** Validates a section document with its schema; HTML fields come back sanitised (the schemas do it). */
export function validateSection(section: SiteSection, body: unknown): unknown {
  return sectionSchemas[section].parse(body);
}
