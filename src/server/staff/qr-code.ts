// The authenticator's enrolment link as a QR code (docs/decisions/0033-back-office-staff.md#staff-management),
// drawn on the server by the maintained `qrcode` library as an SVG data URL: the page shows it as an
// image (the CSP allows data: images), and no script or third party ever sees the secret.
import QRCode from 'qrcode';

export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
