export default {
  appName: 'Reseller Desk',
  yes: 'Yes',
  no: 'No',
  none: '—',
  loading: 'Loading…',
  retry: 'Try again',
  cancel: 'Cancel',
  close: 'Close',
  save: 'Save',
  hostReconnecting: 'Reconnecting to the app…',
};
