// Photograph (106) and file (110) questions: one file, at most 5 MB, never an .app, .exe or .ini
// (spec 001 section 5). Photos accept images only and are scaled (image/scale.ts); an audio or video
// variant of a file question accepts its media kind only. A new file is
// previewed from its bytes; a stored one (a submission shown read-only) from its link, with a loading
// state while the link is fetched.
import { useEffect, useState } from 'react';
import { FIELD_MESSAGES, describeDataUrl, isBlockedFileName, isDataUrl, type FileInfo } from '../../engine/survey/index';
import { ImageProblem, renamed, scaleImage } from '../image/scale';
import { useAnswer } from '../runtime/hooks';
import { inputProps } from './a11y';
import { formatSize, toDataUrl } from './files';
import { optionsOf, templateOf, type FormContext, type QuestionWidgetProps } from '../types';
import { useText } from '../runtime/text';

type FileUrl = NonNullable<FormContext['fileUrl']>;

interface FileOptions {
  accept: string;
  maxBytes: number;
  quality: number;
  maxPixels: number;
}

export function FileField({ props, image }: { props: QuestionWidgetProps; image: boolean }) {
  const t = useText();
  const [value, set] = useAnswer(props);
  const o = optionsOf<FileOptions>(props);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const locked = props.readonly === true || props.disabled === true;
  // The media kind the question takes ('image/', 'audio/', 'video/'), as the server's check wants it.
  const kind = image ? 'image/' : /^(audio|video)\/\*$/.test(o.accept) ? o.accept.slice(0, -1) : null;

  const choose = async (file: File | undefined): Promise<void> => {
    setProblem(null);
    if (file === undefined) return;
    if (isBlockedFileName(file.name) || (kind !== null && !file.type.startsWith(kind))) return setProblem(FIELD_MESSAGES.fileType);
    setBusy(true);
    try {
      const blob = image ? await scaleImage(file, { maxPixels: o.maxPixels, quality: o.quality }) : file;
      if (blob.size > o.maxBytes) return setProblem(FIELD_MESSAGES.fileSize);
      set(await toDataUrl(blob, image ? renamed(file.name, blob.type) : file.name));
    } catch (e) {
      setProblem(e instanceof ImageProblem ? e.message : FIELD_MESSAGES.file);
    } finally {
      setBusy(false);
    }
  };

  const Errors = templateOf('FieldErrorTemplate', props.registry);
  const text = typeof value === 'string' ? value : undefined;
  return (
    <div className="fs-file">
      {locked ? null : (
        <>
          {/* The browser's own box would still say 'No file chosen' beside a chosen file's preview. */}
          <input
            {...inputProps(props)}
            className="fs-visually-hidden"
            type="file"
            accept={o.accept}
            data-testid="file-input"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <label htmlFor={props.id} className="fs-btn">
            {text === undefined ? t(image ? 'widgets.file.choosePhoto' : 'widgets.file.choose') : t('widgets.file.replace')}
          </label>
        </>
      )}
      {busy ? (
        <span className="fs-row fs-muted" role="status">
          <span className="fs-spinner" aria-hidden="true" />
          {t('widgets.file.reading')}
        </span>
      ) : null}
      {text !== undefined ? <Preview value={text} image={image} fileUrl={props.registry.formContext?.fileUrl} /> : null}
      {text !== undefined && !locked ? (
        <button type="button" className="fs-btn fs-btn-link" onClick={() => set(undefined)}>
          {t('widgets.file.remove')}
        </button>
      ) : null}
      {problem ? (
        <Errors
          errors={[problem]}
          fieldPathId={{ $id: `${props.id}:file`, path: [] }}
          schema={props.schema}
          uiSchema={props.uiSchema ?? {}}
          registry={props.registry}
        />
      ) : null}
    </div>
  );
}

function Preview({ value, image, fileUrl }: { value: string; image: boolean; fileUrl: FileUrl | undefined }) {
  const info: FileInfo | undefined = isDataUrl(value)
    ? describeDataUrl(value)
    : { name: value.slice(value.lastIndexOf('/') + 1), type: '', size: -1 };
  const link = useFileLink(value, fileUrl);
  const t = useText();
  if (link === 'loading') {
    return (
      <span className="fs-row fs-muted" role="status" data-testid="file-loading">
        <span className="fs-spinner" aria-hidden="true" />
        {t('widgets.file.loading')}
      </span>
    );
  }
  const name = info?.name ?? '';
  return (
    <>
      {image && link ? <img className="fs-preview" src={link} alt={name} /> : null}
      <span className="fs-file-name" data-testid="file-name">
        {link && !isDataUrl(value) ? (
          <a href={link} target="_blank" rel="noreferrer">
            {name}
          </a>
        ) : (
          name
        )}
        {info && info.size >= 0 ? ` (${formatSize(info.size)})` : null}
      </span>
    </>
  );
}

/** A data URL is its own link; a stored file's link is asked of the page (formContext.fileUrl). */
function useFileLink(value: string, fileUrl: FileUrl | undefined): string | null | 'loading' {
  const [link, setLink] = useState<{ for: string; url: string | null } | null>(null);
  const stored = !isDataUrl(value);
  useEffect(() => {
    if (!stored || fileUrl === undefined) return;
    let live = true;
    fileUrl(value).then(
      (url) => live && setLink({ for: value, url }),
      () => live && setLink({ for: value, url: null }),
    );
    return () => {
      live = false;
    };
  }, [value, stored, fileUrl]);
  if (!stored) return value;
  if (fileUrl === undefined) return null;
  return link?.for === value ? link.url : 'loading';
}
