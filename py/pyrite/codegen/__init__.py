"""Shader codegen (host only): shaders/<family>/<name>.wgsl (+ .yaml manifest) ->
py/pyrite/kernels/generated/<id>.wgsl + registry.json, published all or nothing.

Modules: manifest (strict YAML), render (sources -> kernels), wgsl (entry point and
workgroup size), validate (naga via wgpu-py), publish (staged replace + rollback),
outputs (registry, lock, check), generate (the two jobs), cli (build.py shaders).
"""
