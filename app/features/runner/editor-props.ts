export interface EditorProps {
  value: string;
  onChange?: (value: string) => void;
  language: "javascript" | "typescript" | "jsx" | "html" | "css" | "python" | "sql";
  readOnly?: boolean;
  onRun?: () => void;
  /** The editor's accessible name. */
  label: string;
  placeholder?: string;
}
