// What every screen receives from the router. Its own module so screens import it without importing the
// screen table (which imports every screen).
import type { RouteDef } from '../../contract/routes';

export interface ScreenProps {
  route: RouteDef;
}
