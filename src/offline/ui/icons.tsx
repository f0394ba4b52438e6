// The offline side's icons, on the fill route, one small module each. The same Lucide drawings as the app's
// `react-icons/lu`, but one module per icon: react-icons keeps all of Lucide in one module, and the fill
// route's bundle (vite.config.ts, fillRouteChunks) then carried every icon any screen uses (66).
// Sized 1em like react-icons', so they follow the text and Chakra's icon sizes.
import type { LucideIcon, LucideProps } from 'lucide-react';
import CloudUpload from 'lucide-react/icons/cloud-upload';
import Download from 'lucide-react/icons/download';
import FolderOpen from 'lucide-react/icons/folder-open';
import Info from 'lucide-react/icons/info';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Save from 'lucide-react/icons/save';
import Send from 'lucide-react/icons/send';
import Trash2 from 'lucide-react/icons/trash-2';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Upload from 'lucide-react/icons/upload';
import Wifi from 'lucide-react/icons/wifi';
import WifiOff from 'lucide-react/icons/wifi-off';

const em = (Icon: LucideIcon) => {
  const Sized = (props: LucideProps) => <Icon size="1em" aria-hidden {...props} />;
  Sized.displayName = Icon.displayName ?? 'Icon';
  return Sized;
};

export const LuCloudUpload = em(CloudUpload);
export const LuDownload = em(Download);
export const LuFolderOpen = em(FolderOpen);
export const LuInfo = em(Info);
export const LuRefreshCw = em(RefreshCw);
export const LuSave = em(Save);
export const LuSend = em(Send);
export const LuTrash2 = em(Trash2);
export const LuTriangleAlert = em(TriangleAlert);
export const LuUpload = em(Upload);
export const LuWifi = em(Wifi);
export const LuWifiOff = em(WifiOff);
