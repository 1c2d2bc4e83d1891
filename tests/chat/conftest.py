"""The test models' tokenizers, shared with tests/tokenizer (read from their GGUFs)."""
from tokenizer.conftest import qwen_dict, qwen_meta, qwen_path, smollm_dict, smollm_meta, smollm_path  # noqa: F401
