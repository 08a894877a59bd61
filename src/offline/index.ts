export { OfflineNotices } from './OfflineNotices';
export { OfflineBanner } from './OfflineBanner';
export { StorageNotice } from './StorageNotice';
export { NeedsConnection } from './NeedsConnection';
export { needsNetwork, needsConnectionText, OFFLINE_SAVED } from './needs-network';
