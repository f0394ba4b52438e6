// The profile picture editor (spec 000 sections 5 "Profile picture", 8, 9): png/jpg/jpeg, 20MB shown
// (and checked here and by the server), a square crop that must be made before the upload, the result
// scaled to 150 px at quality 0.75 (react-easy-crop for the crop, a canvas for the scaling).
import { Avatar, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  ACCOUNT_AREA_API,
  PROFILE_PICTURE_EXTENSIONS,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_QUALITY,
  PROFILE_PICTURE_SIZE,
} from '../../../schemas/accountArea';
import { call } from '../../api/call';
import { notify } from '../../app/toaster';
import { AppDialog } from '../../components/AppDialog';
import { session } from '../../state/session';

const ACCEPT = PROFILE_PICTURE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The crop of `src`, scaled to a 150 px square JPEG at quality 0.75. */
async function scaled(src: string, area: Area): Promise<Blob> {
  const img = new Image();
  img.src = src;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = PROFILE_PICTURE_SIZE;
  canvas.height = PROFILE_PICTURE_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PROFILE_PICTURE_QUALITY));
  if (!blob) throw new Error('no blob');
  return blob;
}

async function send(userId: string, blob: Blob | null): Promise<string | null> {
  const form = new FormData();
  form.append('UserId', userId);
  if (blob) form.append('ProfilePicture', blob, 'profile.jpg');
  else form.append('ProfilePicture', '');
  const r = await call(ACCOUNT_AREA_API.addOrUpdateProfilePicture, {}, { form });
  return r.profilePictureUrl;
}

export function ProfilePicture() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const inputId = useId();
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [cropped, setCropped] = useState<{ blob: Blob; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const name = snap.user?.fullName ?? '';

  const close = () => {
    if (src) URL.revokeObjectURL(src);
    if (cropped) URL.revokeObjectURL(cropped.url);
    setSrc(null);
    setCropped(null);
    setArea(null);
    setZoom(1);
    setError('');
  };

  function choose(file: File | undefined) {
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(PROFILE_PICTURE_EXTENSIONS as readonly string[]).includes(ext)) return notify('error', t('profileInformation.picture.type'));
    if (file.size > PROFILE_PICTURE_MAX_BYTES) return notify('error', t('profileInformation.picture.size'));
    const url = URL.createObjectURL(file);
    const probe = new Image();
    probe.onload = () => setSrc(url);
    probe.onerror = () => {
      URL.revokeObjectURL(url);
      notify('error', t('profileInformation.picture.noPreview'));
    };
    probe.src = url;
  }

  async function doCrop() {
    if (!src || !area) return;
    try {
      const blob = await scaled(src, area);
      if (cropped) URL.revokeObjectURL(cropped.url);
      setCropped({ blob, url: URL.createObjectURL(blob) });
      setError('');
    } catch {
      notify('error', t('profileInformation.picture.scaleFailed'));
    }
  }

  async function upload(blob: Blob | null) {
    if (!snap.user) return;
    setBusy(true);
    try {
      const url = await send(snap.user.id, blob);
      if (session.user) session.user.profilePictureUrl = url;
      close();
    } catch {
      notify('error', t('profileInformation.picture.uploadFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="3" align={{ base: 'center', md: 'flex-start' }} data-testid="profile-picture">
      <Avatar.Root size="2xl" colorPalette="brand" w="28" h="28">
        <Avatar.Fallback fontSize="3xl">{name.trim().charAt(0).toUpperCase()}</Avatar.Fallback>
        {snap.user?.profilePictureUrl && (
          <Avatar.Image src={snap.user.profilePictureUrl} alt={t('profileInformation.picture.alt')} data-testid="profile-picture-image" />
        )}
      </Avatar.Root>
      <HStack gap="2" wrap="wrap" justify="center">
        <Button asChild size="sm" variant="outline">
          <label htmlFor={inputId}>{t('profileInformation.picture.choose')}</label>
        </Button>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
          data-testid="profile-picture-input"
        />
        {snap.user?.profilePictureUrl && (
          <Button
            size="sm"
            variant="ghost"
            colorPalette="red"
            loading={busy}
            onClick={() => void upload(null)}
            data-testid="profile-picture-remove"
          >
            {t('profileInformation.picture.remove')}
          </Button>
        )}
      </HStack>
      <Text fontSize="xs" color="gray.600">
        {t('profileInformation.picture.hint')}
      </Text>
      <AppDialog
        open={src !== null}
        onClose={close}
        testId="crop-dialog"
        title={t('profileInformation.picture.cropTitle')}
        footer={
          <>
            <Button variant="outline" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button variant="outline" onClick={() => void doCrop()} data-testid="crop-apply">
              {t('profileInformation.picture.crop')}
            </Button>
            <Button
              colorPalette="brand"
              loading={busy}
              onClick={() => (cropped ? void upload(cropped.blob) : setError(t('profileInformation.picture.cropFirst')))}
              data-testid="crop-upload"
            >
              {t('profileInformation.picture.upload')}
            </Button>
          </>
        }
      >
        <Stack gap="3">
          <Box position="relative" w="full" h="64" bg="gray.900" borderRadius="md" overflow="hidden">
            {src && (
              <Cropper
                image={src}
                crop={crop}
                zoom={zoom}
                aspect={1}
                cropShape="round"
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, px) => setArea(px)}
              />
            )}
          </Box>
          <label>
            <Text as="span" fontSize="sm" me="2">
              {t('profileInformation.picture.zoom')}
            </Text>
            <input type="range" min={1} max={3} step={0.1} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
          </label>
          {cropped && (
            <HStack>
              <img
                src={cropped.url}
                alt={t('profileInformation.picture.preview')}
                width={72}
                height={72}
                style={{ borderRadius: '50%' }}
                data-testid="crop-preview"
              />
              <Text fontSize="sm">{t('profileInformation.picture.ready')}</Text>
            </HStack>
          )}
          {error && (
            <Text role="alert" color="red.700" fontSize="sm" data-testid="crop-error">
              {error}
            </Text>
          )}
        </Stack>
      </AppDialog>
    </Stack>
  );
}
