// Device rules of spec 9. Mobile: the user agent contains iphone, ipod or android. iPad: the user agent
// contains ipad, or the platform is MacIntel with more than 1 touch point (iPadOS reports itself as a Mac).

export interface DeviceInfo {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
}

export function currentDevice(): DeviceInfo {
  if (typeof navigator === 'undefined') return { userAgent: '', platform: '', maxTouchPoints: 0 };
  return { userAgent: navigator.userAgent ?? '', platform: navigator.platform ?? '', maxTouchPoints: navigator.maxTouchPoints ?? 0 };
}

export function isMobile(device: DeviceInfo = currentDevice()): boolean {
  return /iphone|ipod|android/i.test(device.userAgent);
}

export function isIPad(device: DeviceInfo = currentDevice()): boolean {
  return /ipad/i.test(device.userAgent) || (device.platform === 'MacIntel' && device.maxTouchPoints > 1);
}

/** Phones and tablets: the links of spec 2.3 open in the same tab on these. */
export function isHandheld(device: DeviceInfo = currentDevice()): boolean {
  return isMobile(device) || isIPad(device);
}
