// Response headers shared by the security plugin and the routes that serve files.

/**
 * Powerful browser features the app never uses, switched off for every page and download (issue 10
 * item 15): an injected script or a rendered file cannot ask for the camera, the location, payments…
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

/** A served file (attachment, report PDF) that a browser might render: it may run nothing, load nothing. */
export const DOWNLOAD_CSP = "sandbox; default-src 'none'";
