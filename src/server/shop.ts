// The shop's public identity for pages (docs/decisions/0017-stack.md): name and contacts from validated configuration.
import { config } from './config';

export interface ShopInfo {
  name: string;
  phone: string;
  email: string;
  whatsapp: string;
  address: string;
  socials: { label: string; href: string }[];
  liveChatScriptUrl: string | undefined;
  siteUrl: string;
}

export function shopInfo(): ShopInfo {
  const c = config();
  const socials = [
    { label: 'Facebook', href: c.SOCIAL_FACEBOOK ?? 'https://www.facebook.com/' },
    { label: 'Instagram', href: c.SOCIAL_INSTAGRAM ?? 'https://www.instagram.com/' },
    { label: 'LinkedIn', href: c.SOCIAL_LINKEDIN ?? 'https://www.linkedin.com/' },
    { label: 'YouTube', href: c.SOCIAL_YOUTUBE ?? 'https://www.youtube.com/' },
  ];
  return {
    name: c.SHOP_NAME,
    phone: c.SHOP_PHONE,
    email: c.SHOP_EMAIL,
    whatsapp: c.SHOP_WHATSAPP,
    address: c.SHOP_ADDRESS,
    socials,
    liveChatScriptUrl: c.LIVE_CHAT_SCRIPT_URL,
    siteUrl: c.SITE_URL,
  };
}

export function whatsappLink(number: string, text?: string): string {
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
