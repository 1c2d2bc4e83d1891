"""pyrite: small Llama- and Qwen-family language models on WebGPU, driven by Python."""
__version__ = "0.1.0"
